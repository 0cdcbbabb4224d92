#!/usr/bin/env python3
"""bench/html.sh's floor of lexbor, the fastest HTML5 parser in C, through selectolax (PyPI): reads FILE and parses
it into lexbor's DOM, nothing more. The DOM is whole (tb's parser feeds a sink that keeps nothing), and the time
includes Python's start and selectolax's import, which bench/html.sh measures apart and takes off.
Usage: lexbor-parse.py FILE"""
import sys

from selectolax.lexbor import LexborHTMLParser

with open(sys.argv[1], "rb") as page:
    data = page.read()
LexborHTMLParser(data)
