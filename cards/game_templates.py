"""A template loader for the games' own templates: each registered game keeps its designer
fieldsets and card faces in a templates/ folder beside its paper parts (cards/games/<game>/
templates/), found through its definition, so adding a game names no folder in the settings."""

from django.template.loaders.filesystem import Loader as FilesystemLoader

from rules.rulesets import REGISTRY


def game_template_dirs():
    return [
        folder / "templates"
        for definition in REGISTRY.values()
        for folder in definition.paper_folders
        if (folder / "templates").is_dir()
    ]


class Loader(FilesystemLoader):
    def get_dirs(self):
        return game_template_dirs()
