from django.apps import AppConfig


class ScorekeeperConfig(AppConfig):
    name = "scorekeeper"
    default_auto_field = "django.db.models.BigAutoField"
