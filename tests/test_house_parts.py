"""The house's parts compose: no class of the project stands on more than three of the project's
classes (docs/ARCHITECTURE.md, "The table"). A screen owns its parts as objects; it does not
inherit them as a tower of mixins."""

import importlib
import inspect

from tests.test_layers import RANK, project_modules

MAX_ANCESTORS = 3

# Classes still taller than the rule allows, while they are being taken apart into parts. The
# test fails when one of them is no longer tall (take it off this list) and when any other class
# grows too tall, so the list can only shrink.
STILL_TALL: set[str] = set()


def _is_project(cls: type) -> bool:
    return cls.__module__.split(".")[0] in RANK


def project_ancestors(cls: type) -> list[type]:
    """The project's classes ``cls`` inherits from, near or far (itself not counted)."""
    return [base for base in inspect.getmro(cls)[1:] if _is_project(base)]


def project_classes() -> dict[str, type]:
    """Every class defined at the top of a project module, by its dotted name."""
    found: dict[str, type] = {}
    for name in project_modules():
        module = importlib.import_module(name)
        for value in vars(module).values():
            if inspect.isclass(value) and value.__module__ == name:
                found[f"{name}.{value.__qualname__}"] = value
    return found


def tall_classes() -> dict[str, list[str]]:
    """The classes with more than MAX_ANCESTORS project ancestors, with those ancestors."""
    return {name: [base.__name__ for base in project_ancestors(cls)]
            for name, cls in project_classes().items()
            if len(project_ancestors(cls)) > MAX_ANCESTORS}


def test_the_counting_sees_a_tower_of_mixins():
    class A:
        pass

    class B:
        pass

    class C:
        pass

    class D:
        pass

    for cls in (A, B, C, D):
        cls.__module__ = "scenes.fake"

    class Tower(A, B, C, D):
        pass

    class Plain(A, B, C):
        pass

    assert len(project_ancestors(Tower)) == 4 and len(project_ancestors(Plain)) == 3


def test_every_module_of_the_project_is_looked_at():
    classes = project_classes()
    assert "scenes.table.scene.TableScene" in classes
    assert "engine.azi.AziSession" in classes


def test_no_class_stands_on_more_than_three_project_classes():
    tall = tall_classes()
    grown = {name: bases for name, bases in tall.items() if name not in STILL_TALL}
    assert not grown, f"classes with more than {MAX_ANCESTORS} project ancestors: {grown}"
    shrunk = STILL_TALL - set(tall)
    assert not shrunk, f"no longer tall, take them off STILL_TALL: {shrunk}"
