"""The moderators' view of reported lines: what was said, by whom, where, and why it was
reported; a report is marked handled once dealt with."""

from django.contrib import admin
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from chat.models import ChatLine, ChatReport


@admin.register(ChatReport)
class ChatReportAdmin(admin.ModelAdmin):
    list_display = ["created_at", "said", "author", "match", "reporter", "reason", "handled"]
    list_filter = ["handled"]
    list_editable = ["handled"]
    readonly_fields = ["line", "reporter", "reason", "created_at"]
    list_select_related = ["line__author", "line__match", "reporter"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # players report lines; moderators handle them

    @admin.display(description=_("line"))
    def said(self, report: ChatReport) -> str:
        return report.line.text

    @admin.display(description=_("author"))
    def author(self, report: ChatReport) -> str:
        return str(report.line.author)

    @admin.display(description=_("match"))
    def match(self, report: ChatReport) -> str:
        return str(report.line.match)


@admin.register(ChatLine)
class ChatLineAdmin(admin.ModelAdmin):
    list_display = ["said_at", "author", "match", "text"]
    search_fields = ["text", "author__username"]
    readonly_fields = ["match", "author", "text", "said_at"]
    list_select_related = ["author", "match"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # lines are said at the table
