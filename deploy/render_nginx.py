"""The site's nginx configuration (`deploy/nginx.conf.template`) rendered for a machine: its
daphne ports, where nginx listens and, in production, TLS. Production, the test and the bench
all render the one template here, so what is measured is what is deployed.

    python deploy/render_nginx.py --server-name deskovky.example.org --daphne 8001 8002 \\
        > /etc/nginx/sites-available/deskovky

(TLS with the certificates of /etc/letsencrypt/live/<server name>/, and port 80 redirected;
`--listen 127.0.0.1:8080` serves plain HTTP there instead.) Needs nothing but Python.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path

TEMPLATE = Path(__file__).resolve().parent / "nginx.conf.template"
PLACEHOLDER = re.compile(r"\{\{ (\w+) \}\}")
FAILURES = "max_fails=1 fail_timeout=5s"
"""The first refused connection marks a daphne down for 5 s: its tables go to the next process
at once, and come back soon after systemd has restarted it."""


def render(
    *,
    daphne_ports: Sequence[int],
    server_name: str,
    listen: str | None = None,
    certificates: str | None = None,
) -> str:
    """The site's configuration (nginx's http context). With `listen` ("address:port") plain
    HTTP there; without, TLS on 443 with `certificates` (a directory holding fullchain.pem and
    privkey.pem, by default Let's Encrypt's for the server name) and port 80 redirected."""
    if not daphne_ports:
        raise ValueError("at least one daphne port is needed")
    servers = "\n".join(f"    server 127.0.0.1:{port} {FAILURES};" for port in daphne_ports)
    if listen is not None:
        listening, redirect = f"    listen {listen};", ""
    else:
        folder = certificates or f"/etc/letsencrypt/live/{server_name}"
        listening = "\n".join(
            [
                "    listen 443 ssl http2;",
                f"    ssl_certificate     {folder}/fullchain.pem;",
                f"    ssl_certificate_key {folder}/privkey.pem;",
            ]
        )
        redirect = (
            "\nserver {\n    listen 80;\n"
            f"    server_name {server_name};\n"
            "    return 301 https://$host$request_uri;\n}\n"
        )
    values = {
        "servers": servers,
        "listen": listening,
        "server_name": server_name,
        "redirect": redirect,
    }
    return PLACEHOLDER.sub(lambda found: values[found.group(1)], TEMPLATE.read_text())


def standalone(site: str, directory: Path) -> str:
    """A whole nginx.conf around `site` for an nginx that a test or the benchmark runs in the
    foreground, its pid file, logs and temporary files in `directory`; in the place of
    Debian's /etc/nginx/nginx.conf (one worker a core), with room for many sockets."""
    return f"""daemon off;
pid {directory}/nginx.pid;
error_log {directory}/error.log warn;
worker_processes auto;
events {{
    worker_connections 16384;
}}
http {{
    access_log off;
    client_body_temp_path {directory}/client_body;
    proxy_temp_path {directory}/proxy;
    fastcgi_temp_path {directory}/fastcgi;
    uwsgi_temp_path {directory}/uwsgi;
    scgi_temp_path {directory}/scgi;
{site}
}}
"""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server-name", required=True)
    parser.add_argument("--daphne", type=int, nargs="+", required=True, metavar="PORT")
    parser.add_argument("--listen", help="address:port for plain HTTP (default: TLS on 443)")
    parser.add_argument("--certificates", help="folder of fullchain.pem and privkey.pem")
    args = parser.parse_args(argv)
    sys.stdout.write(
        render(
            daphne_ports=args.daphne,
            server_name=args.server_name,
            listen=args.listen,
            certificates=args.certificates,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
