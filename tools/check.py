#!/usr/bin/env python3
"""Ledge consistency check: the reference's fixed values, in the files that carry them.

Run as `python3 tools/check.py [--root DIR]`. Prints one line per check (PASS or FAIL, the file
concerned, and why) and exits 1 when any check fails. WARN lines name things a person should look at
that do not fail the check (they never change the exit code). Standard library only; a project's
DESIGN-RECORD.md is compared by running the Ledge CLI (`ledge design --check`: $LEDGE_CLI, a built
dist/cli/main.js, or `ledge` on PATH). Values that look like secrets are never printed: only the file
and the place in it.
"""
import argparse
import datetime
import json
import os
import re
import shutil
import subprocess
import sys

TEMPLATE = "templates/init/ledge.jsonc"
HEALTH_EXAMPLE = "examples/health-worker"
REFERENCE_TEMPLATE = {"compatibility_date": "2026-10-01", "edge_dev": False, "preview_urls": False}
HEALTH_HEADERS = {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
}
# The private-route paths removed on 2026-10-05 (SPEC: Endpoints, Removed private routes).
REMOVED_ROUTE = "/teamnet/routes/" + "network/"
# A line that mentions the removed path on purpose (the guard that refuses it) carries this marker.
REMOVED_ROUTE_MARKER = "ledge-check: removed-route-guard"
SKIP_DIRS = {"node_modules", ".git", "dist", ".ledge", "coverage"}
TEXT_EXTENSIONS = {".ts", ".js", ".mjs", ".cjs", ".json", ".jsonc", ".md", ".py", ".sh", ".yaml", ".yml", ".toml", ".html", ".txt"}
SECRET_KEY = re.compile(r"(secret|token|password|passwd|api[_-]?key|private[_-]?key|credential|client[_-]?secret)", re.I)
SECRET_VALUE = [
    ("a private key block", re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----")),
    ("a bearer token", re.compile(r"\bBearer\s+[A-Za-z0-9._~+/=-]{16,}")),
    ("a cloud access key id", re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b")),
    ("a source-host token", re.compile(r"\b(ghp|gho|ghs|ghu|github_pat)_[A-Za-z0-9_]{20,}")),
    ("an API secret key", re.compile(r"\b(sk|rk)[-_](live|test|proj)?[-_]?[A-Za-z0-9]{20,}")),
    ("a JSON web token", re.compile(r"\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}")),
    ("a Ledge API token", re.compile(r"\bledge_[A-Za-z0-9_-]{40,}")),
    ("a long random-looking string", re.compile(r"^(?=[A-Za-z0-9+/_=-]*\d)(?=[A-Za-z0-9+/_=-]*[A-Za-z])[A-Za-z0-9+/_=-]{40,}$")),
]
# Local secrets files (the original platform's .dev.vars and the dotenv .env family, docs/configuration.md).
SECRETS_FILE = re.compile(r"^\.(?:dev\.vars|env)(?:\..+)?$")
# Templates of those files, committed on purpose with placeholder values.
SECRETS_FILE_TEMPLATES = (".example", ".sample", ".template")
RESOURCE_FIELDS = ("id", "database_id", "bucket_name", "queue", "index_name", "namespace_id", "service", "database_name")
CONFIG_NAMES = ("ledge.jsonc", "ledge.json")
DESIGN_RECORD = "DESIGN-RECORD.md"

results = []
warnings = []


def record(ok, name, where, why=""):
    results.append(ok)
    print(f"{'PASS' if ok else 'FAIL'} {name}: {where}{'' if ok or not why else ' - ' + why}")


def warn(name, where, why):
    warnings.append(where)
    print(f"WARN {name}: {where} - {why}")


def strip_jsonc(text):
    """Removes comments and trailing commas, leaving strings alone."""
    out, i, n, in_str = [], 0, len(text), False
    while i < n:
        c = text[i]
        if in_str:
            out.append(c)
            if c == "\\" and i + 1 < n:
                out.append(text[i + 1])
                i += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
            out.append(c)
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
            continue
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end == -1 else end + 2
            continue
        else:
            out.append(c)
        i += 1
    return re.sub(r",(\s*[}\]])", r"\1", "".join(out))


def load_jsonc(path):
    with open(path, encoding="utf-8") as f:
        return json.loads(strip_jsonc(f.read()))


def walk(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            yield os.path.join(dirpath, name)


def rel(root, path):
    return os.path.relpath(path, root)


def config_files(root):
    return sorted(p for p in walk(root) if os.path.basename(p) in CONFIG_NAMES and "/test/fixtures/" not in p.replace(os.sep, "/"))


def parsed_configs(root):
    """Each configuration file that parses, as (label, document); the secrets check reports those that do not."""
    for path in config_files(root):
        try:
            doc = load_jsonc(path)
        except ValueError:
            continue
        if isinstance(doc, dict):
            yield rel(root, path), doc


def reference_values_problems(doc, label_main_dir):
    problems = []
    for key, want in REFERENCE_TEMPLATE.items():
        if doc.get(key) != want:
            problems.append(f"{key} is {json.dumps(doc.get(key))}, the reference says {json.dumps(want)}")
    if not re.fullmatch(r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?", str(doc.get("name", ""))):
        problems.append("name is missing or not a valid project name")
    if not isinstance(doc.get("main"), str) or not doc.get("main"):
        problems.append("main is missing")
    elif label_main_dir and not os.path.exists(os.path.join(label_main_dir, doc["main"])):
        problems.append(f"main names {doc['main']}, which does not exist")
    if "routes" in doc or "route" in doc:
        problems.append("the template must contain no production routes")
    return problems


def check_template(root):
    path = os.path.join(root, TEMPLATE)
    try:
        doc = load_jsonc(path)
    except (OSError, ValueError) as err:
        return record(False, "template", TEMPLATE, f"cannot read it ({err.__class__.__name__})")
    problems = reference_values_problems(doc, os.path.dirname(path))
    record(not problems, "template carries the reference's values", TEMPLATE, "; ".join(problems))


def check_example_configs(root):
    today = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    for path in config_files(os.path.join(root, "examples")):
        label = rel(root, path)
        try:
            doc = load_jsonc(path)
        except ValueError as err:
            record(False, "example configuration", label, f"not valid JSON with comments ({err})")
            continue
        problems = []
        date = doc.get("compatibility_date")
        if not isinstance(date, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
            problems.append("compatibility_date must be YYYY-MM-DD")
        elif date > today:
            problems.append(f"compatibility_date {date} is in the future")
        for key in ("edge_dev", "preview_urls"):
            if key in doc and not isinstance(doc[key], bool):
                problems.append(f"{key} must be a boolean")
        if os.path.dirname(path) == os.path.join(root, HEALTH_EXAMPLE):
            problems += reference_values_problems(doc, os.path.dirname(path))
        elif not isinstance(doc.get("main"), str) or not os.path.exists(os.path.join(os.path.dirname(path), doc["main"])):
            problems.append("main is missing or names a file that does not exist")
        record(not problems, "example configuration", label, "; ".join(problems))


def check_health_example(root):
    path = os.path.join(root, HEALTH_EXAMPLE, "src", "index.js")
    label = rel(root, path)
    try:
        with open(path, encoding="utf-8") as f:
            source = f.read()
    except OSError:
        return record(False, "health example", label, "missing")
    problems = []
    if not re.search(r"""SCHEMA\s*=\s*['"]health/1['"]""", source):
        problems.append("the schema constant is not 'health/1'")
    for name, value in HEALTH_HEADERS.items():
        if not re.search(r"""['"]%s['"]\s*:\s*['"]%s['"]""" % (re.escape(name), re.escape(value)), source):
            problems.append(f"header {name} is not '{value}'")
    if not re.search(r"""allow['"]?\s*:\s*['"]GET, HEAD['"]""", source):
        problems.append("the 405 response does not carry allow: GET, HEAD")
    for error in ("not_found", "method_not_allowed"):
        if f"'{error}'" not in source and f'"{error}"' not in source:
            problems.append(f"the error value {error} is missing")
    record(not problems, "health example matches the reference", label, "; ".join(problems))


def check_removed_routes(root):
    offenders = []
    for path in walk(root):
        if os.path.splitext(path)[1] not in TEXT_EXTENSIONS or os.path.abspath(path) == os.path.abspath(__file__):
            continue
        try:
            with open(path, encoding="utf-8") as f:
                for number, line in enumerate(f, 1):
                    if REMOVED_ROUTE in line and REMOVED_ROUTE_MARKER not in line:
                        offenders.append(f"{rel(root, path)}:{number}")
        except (OSError, UnicodeDecodeError):
            continue
    record(not offenders, "no use of the private-route paths removed on 2026-10-05", ", ".join(offenders) or "source, docs and examples",
           "uses " + REMOVED_ROUTE + "{ip_network_encoded}; use /teamnet/routes/{route_id}")


def secret_findings(value, where, found):
    if isinstance(value, dict):
        for key, item in value.items():
            place = f"{where}.{key}" if where else key
            if isinstance(item, str) and item and SECRET_KEY.search(key) and key != "$schema":
                found.append(f"{place} (a value under a secret-like name)")
            else:
                secret_findings(item, place, found)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            secret_findings(item, f"{where}[{i}]", found)
    elif isinstance(value, str):
        for what, pattern in SECRET_VALUE:
            if pattern.search(value):
                found.append(f"{where} ({what})")
                break


def check_secrets(root):
    for path in config_files(root):
        label = rel(root, path)
        try:
            doc = load_jsonc(path)
        except ValueError:
            record(False, "no secrets in configuration", label, "not valid JSON with comments")
            continue
        found = []
        # Binding entries name resources by id; ids are not secrets, so only vars and free-form fields are scanned.
        secret_findings({k: v for k, v in doc.items() if k != "$schema"}, "", found)
        record(not found, "no secrets in configuration", label,
               "looks like a secret or token at " + ", ".join(found) + " (use a secret store, not the configuration file)")


def check_tracked_secrets_files(root):
    """SPEC, Authentication 6: real secret values never go into a repository. A secrets file (.dev.vars*,
    .env*) tracked by git fails; its templates (.example, .sample, .template) do not. Only names are printed."""
    try:
        listed = subprocess.run(["git", "-C", root, "ls-files", "-z"], capture_output=True, check=False)
    except OSError:
        warn("no secrets files tracked by git", root, "git is not available, so tracked files were not checked")
        return
    if listed.returncode != 0:
        record(True, "no secrets files tracked by git", "not a git work tree, so nothing is tracked")
        return
    tracked = [p for p in listed.stdout.decode("utf-8", "replace").split("\0") if p]
    offenders = sorted(p for p in tracked if SECRETS_FILE.match(os.path.basename(p)) and not p.endswith(SECRETS_FILE_TEMPLATES))
    record(not offenders, "no secrets files tracked by git", ", ".join(offenders) or "the files git tracks",
           "holds local secrets; untrack it (git rm --cached <file>), list it in .gitignore, and rotate what it held")


def resource_of(entry):
    for field in RESOURCE_FIELDS:
        if isinstance(entry.get(field), str):
            return entry[field]
    return None


def config_sections(doc):
    """The top level and every `env.<name>` section, each with the prefix its paths carry."""
    envs = doc.get("env")
    return [("", doc)] + [(f"env.{name}.", env) for name, env in (envs.items() if isinstance(envs, dict) else []) if isinstance(env, dict)]


def check_shared_resources(root):
    """SPEC, Authentication 4: a binding named DB in test and production must point at different targets."""
    for label, doc in parsed_configs(root):
        sections = [("the top level" if not prefix else prefix[:-1], section) for prefix, section in config_sections(doc)]
        owners, problems = {}, []
        for where, section in sections:
            for key, entries in section.items():
                if not isinstance(entries, list):
                    continue
                for i, entry in enumerate(entries):
                    if not isinstance(entry, dict) or not isinstance(entry.get("binding"), str):
                        continue
                    resource = resource_of(entry)
                    if resource is None:
                        continue
                    owner = owners.setdefault((key, entry["binding"], resource), f"{where} {key}[{i}]")
                    if owner != f"{where} {key}[{i}]":
                        problems.append(f'{where} {key}[{i}] binds "{entry["binding"]}" to the same resource as {owner}')
        record(not problems, "environments bind distinct resources", label, "; ".join(problems))


def check_queue_consumers(root):
    """SPEC, Events 1: without a dead-letter queue, what happens to a message whose retries are used up must
    be confirmed, not assumed. Ledge keeps such messages in the dead state (docs/bindings/queues.md); a
    consumer without one is worth a look, so it is a warning. A dead-letter queue naming its own queue is
    refused by the configuration loader, so it fails here too."""
    for label, doc in parsed_configs(root):
        problems = []
        for prefix, section in config_sections(doc):
            queues = section.get("queues")
            consumers = queues.get("consumers") if isinstance(queues, dict) else None
            if not isinstance(consumers, list):
                continue
            for i, consumer in enumerate(consumers):
                if not isinstance(consumer, dict):
                    continue
                place = f"{prefix}queues.consumers[{i}]"
                queue = consumer.get("queue")
                dead_letter_queue = consumer.get("dead_letter_queue")
                if dead_letter_queue is None:
                    retries = consumer.get("max_retries", 3)
                    warn("queue consumer without a dead-letter queue", f"{label} {place}",
                         f'queue "{queue}" has no dead_letter_queue: messages that use up max_retries ({retries}) '
                         f'are kept in the dead state, not delivered again; see them with "ledge queues dead list {queue}"')
                elif dead_letter_queue == queue:
                    problems.append(f'{place}.dead_letter_queue is "{queue}", the queue itself; name another queue')
        record(not problems, "queue dead-letter configuration", label, "; ".join(problems))


def ledge_cli(root):
    """The Ledge CLI that derives design records: $LEDGE_CLI, the checked tree's build, this checkout's build, or `ledge` on PATH."""
    node = shutil.which("node")
    given = os.environ.get("LEDGE_CLI")
    if given:
        return [node, given] if given.endswith(".js") and node else [given]
    for base in (root, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")):
        main_js = os.path.join(base, "dist", "cli", "main.js")
        if node and os.path.exists(main_js):
            return [node, main_js]
    found = shutil.which("ledge")
    return [found] if found else None


def check_design_records(root):
    """SPEC, What the service does 3: a project's committed DESIGN-RECORD.md (if any) still says what its
    configuration says. The record is derived by `ledge design` (one derivation, in Ledge itself); this check
    runs `ledge design <dir> --check`, which allows answers in "to decide" rows and nothing else to differ."""
    # By the record itself: its project may be configured by ledge.jsonc or by the original platform's file.
    projects = sorted(os.path.dirname(p) for p in walk(root) if os.path.basename(p) == DESIGN_RECORD and "/test/fixtures/" not in p.replace(os.sep, "/"))
    for project in projects:
        label = rel(root, os.path.join(project, DESIGN_RECORD))
        cli = ledge_cli(root)
        if cli is None:
            record(False, "design record matches the configuration", label, "cannot derive it: build Ledge (npm run build) or set LEDGE_CLI")
            continue
        try:
            result = subprocess.run(cli + ["design", project, "--check"], capture_output=True, text=True, timeout=120, cwd=root)
        except (OSError, subprocess.TimeoutExpired) as err:
            record(False, "design record matches the configuration", label, f"ledge design did not run ({err.__class__.__name__})")
            continue
        differences = [line.strip() for line in result.stderr.splitlines() if line.startswith("  ")]
        why = "; ".join(differences) or (result.stderr.strip().splitlines() or ["ledge design --check failed"])[-1]
        record(result.returncode == 0, "design record matches the configuration", label, why + ' (update it with "ledge design --write")')


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    root = os.path.abspath(parser.parse_args().root)
    check_template(root)
    check_example_configs(root)
    check_health_example(root)
    check_removed_routes(root)
    check_secrets(root)
    check_shared_resources(root)
    check_queue_consumers(root)
    check_tracked_secrets_files(root)
    check_design_records(root)
    failed = results.count(False)
    noted = f", {len(warnings)} warning{'' if len(warnings) == 1 else 's'}" if warnings else ""
    print(f"consistency check: {len(results) - failed} of {len(results)} checks pass{noted}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
