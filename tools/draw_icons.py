"""Draw the site's PNG icons from its SVG ones, once, with Chromium (the PNGs are committed):
`.venv/bin/python tools/draw_icons.py`. Home screens and the web app manifest want PNGs of
given sizes; a maskable icon fills its square, its drawing inside the middle 80 %."""

import base64
from pathlib import Path

from playwright.sync_api import sync_playwright

IMAGES = Path(__file__).resolve().parent.parent / "static" / "img"
ICONS = [
    ("icon.svg", 192, "icon-192.png"),
    ("icon.svg", 512, "icon-512.png"),
    ("icon-maskable.svg", 512, "icon-maskable-512.png"),
    ("icon-maskable.svg", 180, "apple-touch-icon.png"),
]


def main() -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
        for source, size, target in ICONS:
            page = browser.new_page(viewport={"width": size, "height": size})
            svg = base64.b64encode((IMAGES / source).read_bytes()).decode()
            page.set_content(
                '<body style="margin:0;background:transparent">'
                f'<img src="data:image/svg+xml;base64,{svg}" width="{size}" height="{size}">'
            )
            page.locator("img").screenshot(path=IMAGES / target, omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
