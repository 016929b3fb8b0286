"""Statements sent to PostgreSQL together, in one round trip, and rows read back as models.

Django's psycopg cursor binds parameters on the client, so one `execute` may carry several
statements separated by semicolons (PostgreSQL's simple query protocol), each with its own
result. The move service reads a match with its seats and people this way, and writes a move
with everything it changes: a round trip and a statement cost PostgreSQL and the process more
than the few rows they carry. The statements are the ORM's own where they are built by
`insert` and `update` (so fields are saved as `Model.save` saves them), or plain SQL whose
values are always parameters.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connection, models
from django.db.models import sql
from django.db.models.constants import OnConflict

Rows = list[tuple[Any, ...]]


class Batch:
    """Statements that do not depend on each other's results, sent when `send` is called;
    each statement's rows go to its `then`."""

    def __init__(self) -> None:
        self._statements: list[tuple[str, Sequence[Any], Callable[[Rows], object] | None]] = []

    def add(
        self,
        statement: str,
        params: Sequence[Any] = (),
        then: Callable[[Rows], object] | None = None,
    ) -> None:
        self._statements.append((statement, params, then))

    def insert(
        self,
        objs: Sequence[models.Model],
        *,
        ignore_conflicts: bool = False,
        then: Callable[[Rows], object] | None = None,
        returning: Sequence[str] = (),
    ) -> None:
        """INSERT the new model instances (one model), as `bulk_create` would; `returning`
        names columns to read back (for `then`)."""
        if not objs:
            return
        model = type(objs[0])
        fields = _inserted_fields(model)
        values = [field.pre_save(obj, add=True) for obj in objs for field in fields]
        # Several rows may be compiled as arrays to unnest, depending on their values.
        if len(objs) > 1 or any(_compiled_apart(value) for value in values):
            query = sql.InsertQuery(
                model, on_conflict=OnConflict.IGNORE if ignore_conflicts else None
            )
            query.insert_values(fields, objs)
            [(statement, params)] = query.get_compiler(DEFAULT_DB_ALIAS).as_sql()
        else:
            statement = _insert_statement(model, ignore_conflicts)
            params = [
                field.get_db_prep_save(value, connection=connection)
                for field, value in zip(fields, values, strict=True)
            ]
        self.add(statement + _returning(returning), params, then)

    def update(
        self,
        queryset: models.QuerySet[Any],
        *,
        returning: Sequence[str] = (),
        then: Callable[[Rows], object] | None = None,
        **values: Any,
    ) -> None:
        """UPDATE the rows of `queryset`, as `QuerySet.update` would."""
        query = queryset.query.chain(sql.UpdateQuery)
        query.add_update_values(values)
        statement, params = query.get_compiler(queryset.db).as_sql()
        self.add(statement + _returning(returning), params, then)

    def update_row(
        self,
        model: type[models.Model],
        pk: Any,
        *,
        returning: Sequence[str] = (),
        then: Callable[[Rows], object] | None = None,
        **values: Any,
    ) -> None:
        """UPDATE the row of `model` with primary key `pk`, as `update` would."""
        if any(_compiled_apart(value) for value in values.values()):
            rows = model._default_manager.filter(pk=pk)
            self.update(rows, returning=returning, then=then, **values)
            return
        meta = model._meta
        prepared = [
            meta.get_field(name).get_db_prep_save(value, connection=connection)
            for name, value in values.items()
        ]
        # The ORM writes a value prepared as None as NULL in the statement's text.
        nulls = tuple(value is None for value in prepared)
        statement = _update_statement(model, values, nulls)
        params = [value for value in prepared if value is not None]
        self.add(statement + _returning(returning), [*params, pk], then)

    def extend(self, other: Batch) -> None:
        """Add `other`'s statements after these, with their `then`s."""
        self._statements.extend(other._statements)

    def send(self) -> None:
        """Send the statements (nothing if there are none) and hand each its rows."""
        statements, self._statements = self._statements, []
        if not statements:
            return
        with connection.cursor() as cursor:
            cursor.execute(
                ";\n".join(statement for statement, _params, _then in statements),
                [param for _statement, params, _then in statements for param in params],
            )
            for _statement, _params, then in statements:
                rows = cursor.fetchall() if cursor.description else []
                if then is not None:
                    then(rows)
                cursor.nextset()


def _compiled_apart(value: Any) -> bool:
    """A value the ORM compiles into the statement itself (an expression), or a field that
    makes its own placeholder: such a statement is not the same text for every call."""
    return hasattr(value, "resolve_expression")


def _inserted_fields(model: type[models.Model]) -> list[Any]:
    return [f for f in model._meta.concrete_fields if not f.generated and f is not model._meta.pk]


@cache
def _insert_statement(model: type[models.Model], ignore_conflicts: bool) -> str:
    """The ORM's INSERT of one row, compiled once: the compiling cost a move more than
    sending it (`bench/README.md`); the values are prepared per call as the compiler prepares
    them (`pre_save`, `get_db_prep_save`)."""
    fields = _inserted_fields(model)
    if any(hasattr(field, "get_placeholder") for field in fields):
        raise TypeError(f"{model.__name__} has a field with its own placeholder")
    query = sql.InsertQuery(model, on_conflict=OnConflict.IGNORE if ignore_conflicts else None)
    query.insert_values(fields, [model()])
    [(statement, _params)] = query.get_compiler(DEFAULT_DB_ALIAS).as_sql()
    return statement


_updates: dict[tuple[type[models.Model], tuple[str, ...], tuple[bool, ...]], str] = {}


def _update_statement(
    model: type[models.Model], values: dict[str, Any], nulls: tuple[bool, ...]
) -> str:
    """The ORM's UPDATE of these fields of one row by primary key, compiled at its first use:
    its text is the same for any values that are not expressions and are None (NULL) in the
    same places, `nulls`."""
    key = (model, tuple(values), nulls)
    statement = _updates.get(key)
    if statement is None:
        fields = [model._meta.get_field(name) for name in values]
        if any(hasattr(field, "get_placeholder") for field in fields):
            raise TypeError(f"{model.__name__} has a field with its own placeholder")
        query = sql.UpdateQuery(model)
        query.add_q(models.Q(pk=0))
        query.add_update_values(values)
        statement, _params = query.get_compiler(DEFAULT_DB_ALIAS).as_sql()
        _updates[key] = statement
    return statement


def _returning(names: Sequence[str]) -> str:
    if not names:
        return ""
    return " RETURNING " + ", ".join(connection.ops.quote_name(name) for name in names)


@cache
def columns(model: type[models.Model], alias: str) -> str:
    """The model's columns, in `from_row`'s order, for a SELECT naming the table `alias`."""
    quote = connection.ops.quote_name
    return ", ".join(f"{alias}.{quote(field.column)}" for field in model._meta.concrete_fields)


def from_row(model: type[models.Model], values: Sequence[Any]) -> Any:
    """A model instance from a row of its `columns`, the values converted as the ORM does (JSON
    decoded)."""
    names, conversions = _conversions(model)
    converted = list(values)
    for index, convert, column in conversions:
        converted[index] = convert(converted[index], column, connection)
    return model.from_db(DEFAULT_DB_ALIAS, names, converted)


@cache
def _conversions(model: type[models.Model]) -> tuple[list[str], list[tuple[int, Any, Any]]]:
    fields = model._meta.concrete_fields
    conversions = [
        (index, convert, field.get_col(model._meta.db_table))
        for index, field in enumerate(fields)
        for convert in field.get_db_converters(connection)
    ]
    return [field.attname for field in fields], conversions
