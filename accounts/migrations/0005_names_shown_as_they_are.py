from django.core.exceptions import ValidationError
from django.db import migrations

from accounts.names import check_shown, name_keys


def fold_names(apps, schema_editor):
    """The keys now leave out what shows as nothing, so each player's are made again; a display
    name that does not show as what it is, or shows as the site's own label, is cleared (the
    player is shown by their username). Usernames stay: they are how players sign in, and no
    username can hold a control that turns the text."""
    User = apps.get_model("accounts", "User")
    players = list(User.objects.only("username", "display_name"))
    for player in players:
        if player.display_name:
            try:
                check_shown(player.display_name)
            except ValidationError:
                player.display_name = ""
        player.name_keys = sorted({*name_keys(player.username), *name_keys(player.display_name)})
    User.objects.bulk_update(players, ["display_name", "name_keys"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0004_bot_pace"),
    ]

    operations = [
        migrations.RunPython(fold_names, migrations.RunPython.noop),
    ]
