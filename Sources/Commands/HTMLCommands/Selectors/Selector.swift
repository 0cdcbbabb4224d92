// CSS selectors for tb html: parsed, checked, and compiled to XPath 1.0 for libxml2 (filled in by the selector work).
