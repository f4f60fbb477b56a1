"""BROKER_LOGGER resources: the broker's loggers and their levels, described and changed at runtime (KIP-412).

kbroker's loggers are Python `logging` loggers; levels are reported and accepted with log4j's names (Kafka's
LoggingController / RuntimeLoggerManager): WARNING is WARN, CRITICAL is FATAL, level 5 is TRACE. The logger
named "root" is the root logger. Changes last until the process exits, as in Kafka.
"""

from __future__ import annotations

import logging

from kbroker.metadata.controller import OP_APPEND, OP_DELETE, OP_SET, OP_SUBTRACT, ApiError
from kbroker.protocol import errors

ROOT_LOGGER = "root"
TRACE = 5
_LEVELS = {"FATAL": logging.CRITICAL, "ERROR": logging.ERROR, "WARN": logging.WARNING, "INFO": logging.INFO,
           "DEBUG": logging.DEBUG, "TRACE": TRACE}
_VALID_LEVELS_TEXT = ", ".join(sorted(_LEVELS))


def level_name(level: int) -> str:
    for name, value in sorted(_LEVELS.items(), key=lambda item: -item[1]):
        if level >= value:
            return name
    return "TRACE"


def _logger(name: str) -> logging.Logger | None:
    if name == ROOT_LOGGER:
        return logging.getLogger()
    found = logging.root.manager.loggerDict.get(name)
    return found if isinstance(found, logging.Logger) else None


def current_levels() -> dict[str, str]:
    """Every existing logger (and root) -> its effective level."""
    levels = {ROOT_LOGGER: level_name(logging.getLogger().getEffectiveLevel())}
    for name, logger in list(logging.root.manager.loggerDict.items()):
        if isinstance(logger, logging.Logger):
            levels[name] = level_name(logger.getEffectiveLevel())
    return levels


def _problem(config) -> ApiError | None:
    name, op = config.name, config.config_operation
    if op in (OP_SET, OP_DELETE) and _logger(name) is None:
        return ApiError(errors.INVALID_CONFIG.code, f"Logger {name} does not exist!")
    if op == OP_SET and config.value not in _LEVELS:
        return ApiError(errors.INVALID_CONFIG.code, f"Cannot set the log level of {name} to {config.value} as it "
                        f"is not a supported log level. Valid log levels are {_VALID_LEVELS_TEXT}")
    if op == OP_DELETE and name == ROOT_LOGGER:
        return ApiError(errors.INVALID_REQUEST.code, "Removing the log level of the root logger is not allowed")
    if op in (OP_APPEND, OP_SUBTRACT):
        verb = "APPEND" if op == OP_APPEND else "SUBTRACT"
        return ApiError(errors.INVALID_REQUEST.code, f"{verb} operation is not allowed for the BROKER_LOGGER resource")
    if op not in (OP_SET, OP_DELETE):
        return ApiError(errors.INVALID_REQUEST.code,
                        f"Unknown operation type {op} is not allowed for the BROKER_LOGGER resource")
    return None


def alter_levels(configs, *, validate_only: bool) -> ApiError | None:
    """Check every operation first; apply them all (unless validate_only) only if none fails."""
    for config in configs:
        problem = _problem(config)
        if problem is not None:
            return problem
    if not validate_only:
        for config in configs:
            logger = _logger(config.name)
            logger.setLevel(_LEVELS[config.value] if config.config_operation == OP_SET else logging.NOTSET)
    return None
