from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.models import User


@admin.register(User)
class PlayerAdmin(UserAdmin):
    list_display = ("username", "display_name", "email", "is_bot", "is_active", "date_joined")
    list_filter = ("is_bot", "is_active", "is_staff")
    fieldsets = (
        *UserAdmin.fieldsets,
        (
            "Player",
            {"fields": ("display_name", "language", "time_zone", "is_bot", "deleted_at")},
        ),
    )
