# Turns what `svn ls --xml`, `svn log --xml` and `svn info --xml` print (on stdin) into the NDJSON records tb svn
# prints for the same question (entry, revision, info), so that a test can compare the two line by line.
#
# Usage: svn ls --xml URL | /usr/bin/python3 svn_xml.py [--file-target | --dir-target]
# The kind of document (lists, log, info) is read from its root element. A listing of a file target is told from a
# listing of a directory holding one file of the same name by the entry alone; --file-target or --dir-target settle
# the one case where that guess is wrong (a directory `x` whose only entry is a file `x`).
import json
import sys
import urllib.parse
import xml.etree.ElementTree as ElementTree

# The characters svn leaves unescaped in a URL (svn_uri__char_validity): the unreserved ones and these.
URL_SAFE = "!$&'()*+,/:;=@"


def escape(path):
    """A path escaped for a URL the way svn_path_uri_encode escapes it (uppercase hex)."""
    return urllib.parse.quote(path, safe=URL_SAFE)


def seconds(date):
    """An svn date (microseconds) cut to whole seconds, as tb prints times: 2024-01-01T05:00:00Z."""
    if date is None:
        return None
    return date.split(".")[0].rstrip("Z") + "Z"


def text(element, tag):
    """The text of a child element, "" when it is empty, None when it is absent."""
    child = element.find(tag)
    if child is None:
        return None
    return child.text or ""


def integer(value):
    return None if value is None or value == "" else int(value)


def lock(entry):
    found = entry.find("lock")
    if found is None:
        return None
    return {
        "owner": text(found, "owner"),
        "comment": text(found, "comment"),
        "created": seconds(text(found, "created")),
        "expires": seconds(text(found, "expires")),
        "token": text(found, "token"),
    }


def commit(entry):
    found = entry.find("commit")
    if found is None:
        return None, None, None
    return integer(found.get("revision")), text(found, "author"), seconds(text(found, "date"))


def listing(root, target):
    for listed in root.iter("list"):
        base = listed.get("path")
        entries = listed.findall("entry")
        last = urllib.parse.unquote(base.rsplit("/", 1)[-1])
        for entry in entries:
            path = text(entry, "name")
            kind = entry.get("kind")
            is_file_target = target == "file" or (
                target is None and len(entries) == 1 and kind == "file" and path == last
            )
            revision, author, date = commit(entry)
            yield {
                "type": "entry",
                "url": base if is_file_target else base + "/" + escape(path),
                "path": path,
                "name": path.rsplit("/", 1)[-1],
                "kind": kind,
                "size": integer(text(entry, "size")),
                "revision": revision,
                "author": author,
                "date": date,
                "lock": lock(entry),
            }


def log(root):
    for entry in root.iter("logentry"):
        changed = []
        for path in entry.iter("path"):
            changed.append(
                {
                    "action": path.get("action"),
                    "path": path.text or "",
                    "kind": path.get("kind") or None,
                    "copyfrom_path": path.get("copyfrom-path"),
                    "copyfrom_revision": integer(path.get("copyfrom-rev")),
                }
            )
        # svn prints them sorted as paths (a directory's children right after it: /a, /a/b, /a-b), which is the
        # order tb must give: kept as svn wrote them.
        yield {
            "type": "revision",
            "revision": int(entry.get("revision")),
            "author": text(entry, "author"),
            "date": seconds(text(entry, "date")),
            "message": text(entry, "msg"),
            "changed_paths": changed,
        }


def info(root):
    for entry in root.iter("entry"):
        repository = entry.find("repository")
        revision, author, date = commit(entry)
        yield {
            "type": "info",
            "url": text(entry, "url"),
            "path": entry.get("path"),
            "repos_root": text(repository, "root") if repository is not None else None,
            "repos_uuid": text(repository, "uuid") if repository is not None else None,
            "revision": integer(entry.get("revision")),
            "kind": entry.get("kind"),
            "last_changed_revision": revision,
            "last_changed_author": author,
            "last_changed_date": date,
            "size": integer(entry.get("size")),
            "lock": lock(entry),
        }


def main():
    target = None
    for argument in sys.argv[1:]:
        if argument in ("--file-target", "--dir-target"):
            target = argument[2:].split("-")[0]
        else:
            sys.exit(f"svn_xml.py: unknown argument '{argument}'")
    root = ElementTree.fromstring(sys.stdin.buffer.read())
    converters = {"lists": lambda: listing(root, target), "log": lambda: log(root), "info": lambda: info(root)}
    if root.tag not in converters:
        sys.exit(f"svn_xml.py: not svn's ls, log or info XML: '{root.tag}'")
    out = sys.stdout.buffer
    for record in converters[root.tag]():
        out.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode() + b"\n")


main()
