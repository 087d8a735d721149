#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The companion page's own words have their German (docs/companion.md, "In German").

Every t('...') of resources/companion/app.js and every word of index.html (its texts, title, alt
and aria-label attributes, as app.js's tellPage() tells them) must have an entry in
data/words/de/companion.json, with the same placeholders. Fails naming each one missing.

usage: test_page_words.py [SOURCE_DIR]   (default: two folders up from this file)
       test_page_words.py --list         (prints the page's words, one a line, for a translator)
"""
import html.parser
import json
import os
import re
import sys
import unittest

SOURCE = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
PLACEHOLDER = re.compile(r"\{([a-z0-9_]+)\}")
# t('...') or t("..."), the first argument a literal (a call with anything else fails below).
T_CALL = re.compile(r"""(?<![\w.$])t\(\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|(\S))""")


def unescape(literal):
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), literal)


def app_js_words(text):
    """(words, calls whose first argument is not a literal)."""
    words, dynamic = [], []
    # Comments aside (they may say t() in passing), and t's own definition.
    text = re.sub(r"^\s*//.*$", "", text, flags=re.M).replace("function t(", "function _(")
    for match in T_CALL.finditer(text):
        single, double, other = match.groups()
        if other is not None:
            dynamic.append(text[match.start():match.start() + 40])
        else:
            words.append(unescape(single if single is not None else double))
    return words, dynamic


class PageText(html.parser.HTMLParser):
    """The words tellPage() tells: text nodes (outside script and style) and three attributes."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.words, self.skip = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1
        for name, value in attrs:
            if name in ("title", "alt", "aria-label") and value and re.search(r"[A-Za-z]", value):
                self.words.append(value.strip())

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skip -= 1

    def handle_data(self, data):
        text = data.strip()
        if not self.skip and re.search(r"[A-Za-z]{2}", text):
            self.words.append(text)


def page_words(source):
    with open(os.path.join(source, "resources", "companion", "app.js"), encoding="utf-8") as f:
        js, dynamic = app_js_words(f.read())
    parser = PageText()
    with open(os.path.join(source, "resources", "companion", "index.html"), encoding="utf-8") as f:
        parser.feed(f.read())
    return js, parser.words, dynamic


class PageWordsInGerman(unittest.TestCase):
    def setUp(self):
        self.js, self.html, self.dynamic = page_words(SOURCE)
        with open(os.path.join(SOURCE, "data", "words", "de", "companion.json"), encoding="utf-8") as f:
            self.catalogue = json.load(f)
        self.words = self.catalogue["words"]

    def test_the_extraction_sees_the_page(self):
        # Words a person reads on every page, from each source: the extraction itself cannot be empty.
        self.assertIn("Playing {side}", self.js)
        self.assertIn("Type what you rolled", self.js)
        self.assertIn("Enter your dice", self.html)
        self.assertIn("Casualties and sauve-qui-peut", self.html)
        self.assertIn("The board at the current moment (tap to zoom)", self.html)
        self.assertGreater(len(set(self.js)), 60)
        self.assertGreater(len(set(self.html)), 60)

    def test_every_t_call_names_its_words(self):
        self.assertEqual(self.dynamic, [], "t() with something other than a literal: its words cannot be checked")

    def test_every_word_has_german(self):
        missing = sorted({w for w in self.js + self.html if w not in self.words})
        self.assertEqual(missing, [], "no German in data/words/de/companion.json for:\n" + "\n".join(missing))

    def test_placeholders_match(self):
        for english, german in self.words.items():
            self.assertEqual(sorted(PLACEHOLDER.findall(english)), sorted(PLACEHOLDER.findall(german)), english)

    def test_the_catalogue_names_the_language(self):
        self.assertEqual(self.catalogue["format"], "fortuna-words")
        self.assertEqual(self.catalogue["language"], "de")
        self.assertEqual(self.words.get("(this language's own name)"), "Deutsch")

    def test_german_is_german(self):
        # A right-hand side copied from the left is English left standing, unless it is a name or a
        # word German shares ("Normal", "Fortuna Belli").
        same = sorted(w for w in set(self.js + self.html) if w in self.words and self.words[w] == w and re.search(r"\b(the|of|to|and|your|is)\b", w))
        self.assertEqual(same, [], "left in English:\n" + "\n".join(same))


if __name__ == "__main__":
    if "--list" in sys.argv:
        js, words, _ = page_words(SOURCE)
        seen = set()
        for w in js + words:
            if w not in seen:
                seen.add(w)
                print(w)
        sys.exit(0)
    if len(sys.argv) > 1 and os.path.isdir(sys.argv[1]):
        SOURCE = os.path.abspath(sys.argv.pop(1))
    unittest.main()
