"""docker-compose.yml holds the distributed topology: no Docker engine runs here, so its shape is."""

from __future__ import annotations

import ipaddress
import re
from typing import Any

import pytest
import yaml

from tests.conftest import ROOT

COMPOSE_FILE = ROOT / "docker-compose.yml"
# `${NAME:?message}`: compose refuses to start while NAME is unset or empty.
REQUIRED_VARIABLE = re.compile(r"\$\{(?P<name>[A-Z_]+):\?[^}]*\}")
SECRET_WORDS = ("SECRET", "PASSWORD", "TOKEN")
# nginx's `keepalive_timeout` for its upstream connections (docs/operations.md's balancer).
NGINX_KEEPALIVE_TIMEOUT = 60


def load_compose() -> dict[str, Any]:
    document = yaml.safe_load(COMPOSE_FILE.read_text(encoding="utf-8"))  # merge keys resolved
    assert isinstance(document, dict)
    return document


COMPOSE = load_compose()
SERVICES: dict[str, dict[str, Any]] = COMPOSE["services"]


def command_of(service: dict[str, Any]) -> list[str]:
    command = service.get("command", [])
    return command.split() if isinstance(command, str) else list(command)


def services_running(subcommand: str) -> dict[str, dict[str, Any]]:
    return {
        name: service
        for name, service in SERVICES.items()
        if command_of(service)[:2] == ["gradebox", subcommand]
    }


def replicas(service: dict[str, Any]) -> int:
    return int(service.get("deploy", {}).get("replicas", 1))


def environment_of(service: dict[str, Any]) -> dict[str, str]:
    """Compose takes `environment` as a mapping or as a list of NAME=value."""
    environment = service.get("environment", {})
    if isinstance(environment, list):
        return dict(item.partition("=")[::2] for item in environment)
    return {name: str(value) for name, value in environment.items()}


def networks_of(service: dict[str, Any]) -> set[str]:
    return set(service.get("networks", ["default"]))


API = services_running("serve")
WORKERS = services_running("worker")
GRADEBOX_SERVICES = {**API, **WORKERS}


def published_ports(service: dict[str, Any]) -> list[tuple[str, str, str]]:
    """A service's `ports` (short syntax: "[[ADDRESS:]HOST:]CONTAINER") as (address, host
    port, container port); compose publishes on every interface when no address is given."""
    ports = []
    for entry in service.get("ports", []):
        parts = str(entry).rsplit(":", 2)
        address = parts[0] if len(parts) == 3 else "0.0.0.0"
        host = parts[-2] if len(parts) >= 2 else ""
        ports.append((address, host, parts[-1]))
    return ports


def test_two_api_replicas_each_publish_their_own_port() -> None:
    assert sum(replicas(service) for service in API.values()) == 2
    published = [port[1] for service in API.values() for port in published_ports(service)]
    assert len(published) == len(set(published)) == 2


@pytest.mark.parametrize("name", sorted(name for name in SERVICES if "ports" in SERVICES[name]))
def test_every_published_port_is_on_loopback(name: str) -> None:
    """Only a balancer on the host reaches the replicas; publishing wider is written out."""
    for address, _, _ in published_ports(SERVICES[name]):
        assert ipaddress.ip_address(address.strip("[]")).is_loopback, (name, address)


def settings_default(service: dict[str, Any], variable: str) -> str:
    value = DEFAULTED_VARIABLE.fullmatch(environment_of(service)[variable])
    assert value, f"{variable} must be ${{{variable}:-default}}"
    assert value["name"] == variable
    return value["default"]


@pytest.mark.parametrize("name", sorted(API))
def test_api_replica_trusts_forwarded_headers_from_the_host_side_of_its_network_only(
    name: str,
) -> None:
    from app.edge.origins import trusted_networks

    (network,) = networks_of(API[name])
    (subnet,) = COMPOSE["networks"][network]["ipam"]["config"]
    gateway = ipaddress.ip_address(subnet["gateway"])
    assert gateway in ipaddress.ip_network(subnet["subnet"])
    trusted = trusted_networks(settings_default(API[name], "GRADEBOX_TRUSTED_PROXIES"))
    assert trusted == (ipaddress.ip_network(gateway),)
    for worker in WORKERS.values():  # learner code is never on a network it trusts
        assert network not in networks_of(worker)


@pytest.mark.parametrize("name", sorted(API))
def test_api_replica_keeps_connections_alive_past_the_balancers_idle_timeout(name: str) -> None:
    assert int(settings_default(API[name], "GRADEBOX_KEEP_ALIVE_SECONDS")) > NGINX_KEEPALIVE_TIMEOUT


@pytest.mark.parametrize(
    ("name", "variable"),
    [
        (name, variable)
        for name, service in GRADEBOX_SERVICES.items()
        for variable in environment_of(service)
    ],
)
def test_every_gradebox_variable_is_a_setting_its_default_passes(name: str, variable: str) -> None:
    from app.settings import Settings

    assert variable.startswith("GRADEBOX_")
    field = variable.removeprefix("GRADEBOX_").lower()
    assert field in Settings.model_fields
    value = DEFAULTED_VARIABLE.fullmatch(environment_of(GRADEBOX_SERVICES[name])[variable])
    if value:  # the default compose falls back on is a value the setting takes
        Settings.model_validate({field: value["default"]})


def test_two_workers_run() -> None:
    assert sum(replicas(service) for service in WORKERS.values()) == 2


@pytest.mark.parametrize("name", sorted(WORKERS))
def test_worker_holds_no_database_credentials(name: str) -> None:
    environment = environment_of(WORKERS[name])
    assert "GRADEBOX_DATABASE_URL" not in environment
    assert not [value for value in environment.values() if "postgres" in value.lower()]
    assert "GRADEBOX_REDIS_URL" in environment


@pytest.mark.parametrize("name", sorted(WORKERS))
def test_worker_cannot_reach_the_database(name: str) -> None:
    assert not networks_of(WORKERS[name]) & networks_of(SERVICES["postgres"])
    assert networks_of(WORKERS[name]) <= networks_of(SERVICES["redis"])


@pytest.mark.parametrize("name", sorted(WORKERS))
def test_worker_network_has_no_route_out(name: str) -> None:
    for network in networks_of(WORKERS[name]):
        assert COMPOSE["networks"][network].get("internal") is True


@pytest.mark.parametrize("name", sorted(WORKERS))
def test_worker_may_create_the_sandbox_user_namespaces(name: str) -> None:
    assert {"seccomp=unconfined", "apparmor=unconfined"} <= set(WORKERS[name]["security_opt"])


@pytest.mark.parametrize("name", sorted(API))
def test_api_replica_reaches_database_and_redis_with_the_shared_secret(name: str) -> None:
    environment = environment_of(API[name])
    assert environment["GRADEBOX_DATABASE_URL"].startswith("postgresql+psycopg://")
    assert environment["GRADEBOX_REDIS_URL"].startswith("redis://redis:")
    assert REQUIRED_VARIABLE.fullmatch(environment["GRADEBOX_SECRET_KEY"])
    assert {"postgres", "redis"} <= set(API[name]["depends_on"])


# `${NAME:-default}`: the default when NAME is unset or empty.
DEFAULTED_VARIABLE = re.compile(r"\$\{(?P<name>[A-Z_]+):-(?P<default>[^}]*)\}")


@pytest.mark.parametrize("name", sorted(API))
def test_api_replica_answers_a_list_of_hosts_with_the_health_checks(name: str) -> None:
    from app.settings import host_names

    variable = DEFAULTED_VARIABLE.fullmatch(environment_of(API[name])["GRADEBOX_ALLOWED_HOSTS"])
    assert variable
    assert variable["name"] == "GRADEBOX_ALLOWED_HOSTS"
    hosts = host_names(variable["default"])  # refuses `*` and anything malformed
    assert {"localhost", "127.0.0.1"} <= hosts  # the image's health check, the published ports


def test_every_replica_signs_with_the_same_secret() -> None:
    secrets = {environment_of(service)["GRADEBOX_SECRET_KEY"] for service in API.values()}
    assert len(secrets) == 1


@pytest.mark.parametrize(
    ("name", "variable", "value"),
    [
        (name, variable, value)
        for name, service in SERVICES.items()
        for variable, value in environment_of(service).items()
        if any(word in variable for word in SECRET_WORDS)
    ],
)
def test_no_secret_is_written_in_the_file(name: str, variable: str, value: str) -> None:
    assert REQUIRED_VARIABLE.fullmatch(value), f"{name}: {variable} must be ${{{variable}:?...}}"


@pytest.mark.parametrize("name", sorted(API))
def test_database_password_in_the_url_is_a_substitution(name: str) -> None:
    url = environment_of(API[name])["GRADEBOX_DATABASE_URL"]
    password = url.split("://", 1)[1].rpartition("@")[0].partition(":")[2]
    assert REQUIRED_VARIABLE.fullmatch(password)


def test_every_dependency_waits_until_healthy() -> None:
    conditions = [
        (name, dependency, spec.get("condition"))
        for name, service in SERVICES.items()
        for dependency, spec in service.get("depends_on", {}).items()
    ]
    assert conditions
    assert all(condition == "service_healthy" for _, _, condition in conditions), conditions
    for _, dependency, _ in conditions:
        assert SERVICES[dependency]["healthcheck"]["test"]


def test_redis_keeps_an_append_only_file_on_a_volume() -> None:
    redis = SERVICES["redis"]
    assert redis["image"].split(":")[0] == "redis"
    assert redis["image"].split(":")[1].startswith("7")
    arguments = [str(argument) for argument in command_of(redis)]
    options = dict(zip(arguments[1::2], arguments[2::2], strict=False))
    assert options["--appendonly"] == "yes"
    assert options["--appendfsync"] == "everysec"
    assert_named_volume(redis, "/data")


def test_redis_memory_is_bounded_and_only_keys_with_a_ttl_are_evicted() -> None:
    arguments = [str(argument) for argument in command_of(SERVICES["redis"])]
    options = dict(zip(arguments[1::2], arguments[2::2], strict=False))
    # volatile-*: only keys with a TTL (event streams) may go; jobs and replies have none.
    assert options["--maxmemory-policy"] == "volatile-lru"
    limit = options["--maxmemory"].removeprefix("${REDIS_MAXMEMORY:-").removesuffix("}")
    assert re.fullmatch(r"[1-9][0-9]*(mb|gb)", limit)


def test_postgres_16_keeps_its_data_on_a_named_volume() -> None:
    postgres = SERVICES["postgres"]
    assert postgres["image"] == "postgres:16"
    assert_named_volume(postgres, "/var/lib/postgresql/data")


def assert_named_volume(service: dict[str, Any], target: str) -> None:
    sources = [volume.split(":")[0] for volume in service["volumes"] if volume.endswith(target)]
    assert sources
    assert set(sources) <= set(COMPOSE["volumes"])


@pytest.mark.parametrize("name", sorted(GRADEBOX_SERVICES))
def test_gradebox_service_is_built_from_the_dockerfile(name: str) -> None:
    build = GRADEBOX_SERVICES[name]["build"]
    dockerfile = ROOT / build["context"] / build.get("dockerfile", "Dockerfile")
    assert dockerfile == ROOT / "Dockerfile"
    assert dockerfile.is_file()


def test_only_gradebox_postgres_and_redis_run() -> None:
    assert set(SERVICES) == {*GRADEBOX_SERVICES, "postgres", "redis"}
