from django.db import migrations


def judge_again(apps, schema_editor):
    """The analyses stored before held the search's outcome (the share of the win plus up to a
    quarter for the margin), not a chance to win, and their marks were set on it: a finished one
    is removed, so its players are offered the analysis again (the replay's "Analyse this
    match"); one still waiting or under way keeps its place in the queue and its job judges
    every move anew."""
    MatchAnalysis = apps.get_model("games", "MatchAnalysis")
    JudgedMove = apps.get_model("games", "JudgedMove")
    JudgedMove.objects.all().delete()
    MatchAnalysis.objects.filter(status="done").delete()


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0013_seat_awaited_until'),
    ]

    operations = [
        migrations.RunPython(judge_again, migrations.RunPython.noop),
    ]
