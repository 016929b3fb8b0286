from django.contrib import admin

from tournaments.models import Participant, Tournament


class ParticipantInline(admin.TabularInline):
    model = Participant
    extra = 0
    raw_id_fields = ["user"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "kind", "status", "starts_at", "created_by"]
    list_filter = ["status", "kind", "game", "private"]
    search_fields = ["name", "created_by__username"]
    raw_id_fields = ["created_by"]
    inlines = [ParticipantInline]
