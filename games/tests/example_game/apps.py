from django.apps import AppConfig


class ExampleGameConfig(AppConfig):
    name = "games.tests.example_game"
    label = "example_game"
    verbose_name = "Example game"
