#!/usr/bin/env python3
"""Builds the Subversion repository for bench/svn.sh: about 1,500 revisions and 4,000 files at HEAD (trunk with
nested directories, a release branch with backports, release tags copied from it, feature branches copied from
trunk and deleted after their merge), files edited over many revisions, moves, deletes, replaces, property changes,
log messages of varying length, a few authors. Deterministic (fixed seed).

usage: make-svn-corpus.py DIR [REVISIONS]
Writes an svnadmin dump stream (format 2, full texts) into `svnadmin load`, which takes seconds where one svnmucc
call per revision would take minutes, and packs the result. DIR appears only when the repository is complete.
"""
import hashlib
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

WORDS = ("the of and to in is was that for on are with as they at be this from have or by one had not but what all "
         "were when we there can an your which their said if do will each about how up out them then many some so "
         "these would other into has more two like time could no make than first been its who now people made over "
         "did down only way find use may water long little very after words called just where most know buffer "
         "parser socket cache index thread queue render config client server handler request response token").split()
AUTHORS = ["alice", "bob", "carol", "dmitri", "renée"]
AUTHOR_WEIGHTS = [40, 25, 20, 10, 5]
TOPS = ["src", "lib", "include", "tests", "docs", "tools", "assets"]
MODULES = ["core", "net", "io", "ui", "db", "auth", "util", "parser", "render", "sched", "crypto", "cli",
           "storage", "codec", "plugins", "i18n", "metrics", "cache"]
SUBDIRS = ["impl", "internal", "detail", "platform", "posix", "win32", "generated", "legacy", "v2", "testdata"]
EXTENSIONS = {"src": [".c", ".c", ".h", ".cpp"], "lib": [".c", ".h", ".py"], "include": [".h"],
              "tests": [".c", ".py", ".txt"], "docs": [".md", ".txt", ".html"], "tools": [".py", ".sh", ".pl"],
              "assets": [".png", ".svg", ".json"]}
# Names a real project collects: spaces, non-ASCII, @ and % (they have to be escaped in URLs).
ODD_NAMES = ["Read Me.txt", "Überblick.md", "logo final.png", "notes@2019.txt", "100% coverage.md", "café.c",
             "日本語.txt", "a+b.h", "release notes (draft).md", "#scratch.txt"]


class Repository:
    """The tree at the newest revision (path -> "file" | "dir"), file texts, and the dump stream written so far."""

    def __init__(self, out, rng):
        self.out = out
        self.rng = rng
        self.kinds = {}
        self.texts = {}
        self.revision = 0
        self.time = 1325412000.0  # 2012-01-01
        self.branches = []  # live feature branches: (path, created at, delete after)

    # -- the dump stream -------------------------------------------------------------------------------------

    @staticmethod
    def props(pairs):
        body = b""
        for key, value in pairs:
            key, value = key.encode(), value.encode()
            body += b"K %d\n%s\nV %d\n%s\n" % (len(key), key, len(value), value)
        return body + b"PROPS-END\n"

    def begin(self, author, message):
        self.revision += 1
        self.time += self.rng.choice([60, 600, 1800, 3600, 7200, 14400, 86400, 259200]) * self.rng.random() + 30
        seconds = int(self.time)
        micro = int((self.time - seconds) * 1_000_000)
        date = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + ".%06dZ" % micro
        pairs = []
        if author is not None:
            pairs.append(("svn:author", author))
        pairs.append(("svn:date", date))
        if message is not None:
            pairs.append(("svn:log", message))
        body = self.props(pairs)
        self.out.write(b"Revision-number: %d\nProp-content-length: %d\nContent-length: %d\n\n%s\n"
                       % (self.revision, len(body), len(body), body))

    def node(self, path, kind, action, text=None, props=None, copy_from=None):
        headers = [b"Node-path: " + path.encode()]
        if kind is not None:
            headers.append(b"Node-kind: " + kind.encode())
        headers.append(b"Node-action: " + action.encode())
        if copy_from is not None:
            headers.append(b"Node-copyfrom-rev: %d" % copy_from[1])
            headers.append(b"Node-copyfrom-path: " + copy_from[0].encode())
        body = b""
        if props is not None:
            prop_body = self.props(props)
            headers.append(b"Prop-content-length: %d" % len(prop_body))
            body += prop_body
        if text is not None:
            headers.append(b"Text-content-length: %d" % len(text))
            headers.append(b"Text-content-md5: " + hashlib.md5(text).hexdigest().encode())
            body += text
        if props is not None or text is not None:
            headers.append(b"Content-length: %d" % len(body))
        self.out.write(b"\n".join(headers) + b"\n\n" + body + b"\n\n")

    # -- operations on the tree ------------------------------------------------------------------------------

    def under(self, path):
        prefix = path + "/"
        return [p for p in self.kinds if p.startswith(prefix)]

    def files(self, root):
        prefix = root + "/"
        return [p for p, k in self.kinds.items() if k == "file" and p.startswith(prefix)]

    def dirs(self, root):
        prefix = root + "/"
        return [p for p, k in self.kinds.items() if k == "dir" and p.startswith(prefix)]

    def small_dirs(self, root, limit):
        """The directories at least three levels below root's parent holding at most limit entries."""
        sizes = {}
        for path in self.kinds:
            if path.startswith(root + "/"):
                parts = path.split("/")
                for depth in range(4, len(parts)):
                    ancestor = "/".join(parts[:depth])
                    sizes[ancestor] = sizes.get(ancestor, 0) + 1
        return [d for d in self.dirs(root) if d.count("/") >= 3 and sizes.get(d, 0) <= limit]

    def mkdir(self, path, props=None):
        parent = path.rsplit("/", 1)[0]
        if "/" in path and parent not in self.kinds:
            self.mkdir(parent)
        if path in self.kinds:
            return
        self.kinds[path] = "dir"
        self.node(path, "dir", "add", props=props or [])

    def text(self, path):
        rng = self.rng
        if path.endswith(".png"):
            return b"\x89PNG\r\n\x1a\n" + bytes(rng.getrandbits(8) for _ in range(rng.randint(200, 3000)))
        lines = []
        for _ in range(rng.randint(3, 60)):
            lines.append(" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 12))))
        return ("\n".join(lines) + "\n").encode()

    def add_file(self, path):
        parent = path.rsplit("/", 1)[0]
        if parent not in self.kinds:
            self.mkdir(parent)
        text = self.text(path)
        props = [("svn:mime-type", "application/octet-stream")] if path.endswith(".png") else []
        if path.endswith((".c", ".h", ".py")) and self.rng.random() < 0.5:
            props.append(("svn:eol-style", "native"))
        if path.endswith((".sh", ".pl")):
            props.append(("svn:executable", "*"))
        self.kinds[path] = "file"
        self.texts[path] = text
        self.node(path, "file", "add", text=text, props=props)

    def edit(self, path):
        rng = self.rng
        lines = self.texts[path].split(b"\n")
        if path.endswith(".png"):
            text = self.text(path)
        else:
            for _ in range(rng.randint(1, 4)):
                line = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 12))).encode()
                where = rng.randrange(len(lines))
                if rng.random() < 0.6:
                    lines[where] = line
                else:
                    lines.insert(where, line)
            text = b"\n".join(lines)
        self.texts[path] = text
        self.node(path, "file", "change", text=text)

    def copy(self, source, target):
        """Copies source as it was in the previous revision (as `svn cp URL@PREV`)."""
        self.kinds[target] = self.kinds[source]
        for path in self.under(source):
            moved = target + path[len(source):]
            self.kinds[moved] = self.kinds[path]
            if path in self.texts:
                self.texts[moved] = self.texts[path]
        if source in self.texts:
            self.texts[target] = self.texts[source]
        self.node(target, self.kinds[source], "add", copy_from=(source, self.revision - 1))

    def delete(self, path):
        for child in self.under(path) + [path]:
            del self.kinds[child]
            self.texts.pop(child, None)
        self.node(path, None, "delete")


def message(rng, subject):
    roll = rng.random()
    if roll < 0.005:
        return None
    if roll < 0.02:
        return ""
    if roll < 0.6:
        return subject
    paragraphs = [subject]
    for _ in range(rng.randint(1, 4 if roll < 0.95 else 25)):
        sentences = [" ".join(rng.choice(WORDS) for _ in range(rng.randint(4, 14))).capitalize() + "."
                     for _ in range(rng.randint(1, 5))]
        paragraphs.append(" ".join(sentences))
    if rng.random() < 0.2:
        paragraphs.append("Reviewed by: " + rng.choice(AUTHORS) + "\nIssue: #" + str(rng.randint(1, 3000)))
    return "\n\n".join(paragraphs) + "\n"


def new_file_path(repo, rng, root):
    """A path for a new file under root: an existing directory two or three levels down, or a new one."""
    top = rng.choice(TOPS)
    candidates = repo.dirs(root + "/" + top) if rng.random() < 0.8 else []
    if candidates:
        directory = rng.choice(candidates)
    else:
        directory = "%s/%s/%s" % (root, top, rng.choice(MODULES))
        if rng.random() < 0.5:
            directory += "/" + rng.choice(SUBDIRS)
    extension = rng.choice(EXTENSIONS[top])
    for _ in range(20):
        name = "%s_%s%s" % (rng.choice(WORDS), rng.choice(WORDS), extension)
        if directory + "/" + name not in repo.kinds:
            return directory + "/" + name
    return directory + "/file%d%s" % (repo.revision, extension)


def main():
    target = sys.argv[1]
    revisions = int(sys.argv[2]) if len(sys.argv) > 2 else 1500
    rng = random.Random(11)
    # Built in memory when /dev/shm is there: svnadmin load opens a file per node, and on a disk that takes eight
    # times as long. Then copied next to DIR and renamed.
    scratch = tempfile.mkdtemp(prefix="svn-corpus.", dir="/dev/shm" if os.access("/dev/shm", os.W_OK) else None)
    try:
        build(os.path.join(scratch, "repo"), revisions, rng)
        shutil.rmtree(target + ".building", ignore_errors=True)
        shutil.copytree(os.path.join(scratch, "repo"), target + ".building", symlinks=True)
        os.rename(target + ".building", target)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def build(building, revisions, rng):
    """Writes the repository's history into a new repository at building."""
    subprocess.run(["svnadmin", "create", building], check=True)
    load = subprocess.Popen(["svnadmin", "load", "-q", "--no-flush-to-disk", "-M", "256", building],
                            stdin=subprocess.PIPE)
    out = load.stdin
    out.write(b"SVN-fs-dump-format-version: 2\n\nUUID: 6b1e3f0a-11b0-4c6e-9d55-0e5c0a7b5e11\n\n")
    repo = Repository(out, rng)
    # Revision 0 dated before the history, not at the time of the build, as in a real repository.
    zero = Repository.props([("svn:date", "2012-01-01T00:00:00.000000Z")])
    out.write(b"Revision-number: 0\nProp-content-length: %d\nContent-length: %d\n\n%s\n" % (len(zero), len(zero), zero))

    def author():
        return rng.choices(AUTHORS, AUTHOR_WEIGHTS)[0] if rng.random() > 0.003 else None

    # Trunk grows from an import to about 2,200 files; branches/1.x is cut from it at 600 and tagged twice, which
    # makes about 4,000 files at HEAD.
    def trunk_goal(revision):
        return 300 + 1900 * revision / revisions

    repo.begin("alice", "Create the standard layout.")
    for top in ("trunk", "branches", "tags"):
        repo.mkdir(top)
    repo.begin("alice", "Initial import.")
    for _ in range(250):
        repo.add_file(new_file_path(repo, rng, "trunk"))
    for name in ODD_NAMES:
        repo.add_file("trunk/" + rng.choice(["docs", "assets", "src/core", "tests"]) + "/" + name)
    release = revisions // 6
    # A release candidate tagged from the wrong revision and removed again shows in the log only.
    tags = {release + 20: "1.0", release + 400: "1.1-rc1", release + 410: "1.1"}
    removed_tags = {release + 405: "1.1-rc1"}
    feature = 0

    while repo.revision < revisions:
        next_revision = repo.revision + 1
        roll = rng.random()
        trunk_files = repo.files("trunk")
        if next_revision == release:
            repo.begin(author(), "Create the 1.x release branch.")
            repo.copy("trunk", "branches/1.x")
        elif next_revision in tags:
            name = tags[next_revision]
            repo.begin(author(), "Tag %s." % name)
            repo.copy("branches/1.x", "tags/" + name)
        elif next_revision in removed_tags:
            repo.begin(author(), "Remove tag %s: tagged from the wrong revision." % removed_tags[next_revision])
            repo.delete("tags/" + removed_tags[next_revision])
        elif any(after <= next_revision for _, _, after in repo.branches):
            path = next(p for p, _, after in repo.branches if after <= next_revision)
            repo.begin(author(), message(rng, "Remove %s: merged to trunk." % path))
            repo.delete(path)
            repo.branches = [b for b in repo.branches if b[0] != path]
        elif roll < 0.03 and len(repo.branches) < 3 and next_revision < revisions - 100:
            feature += 1
            path = "branches/feature-%d-%s" % (feature, rng.choice(WORDS))
            repo.begin(author(), message(rng, "Branch for %s work." % rng.choice(MODULES)))
            repo.copy("trunk", path)
            repo.branches.append((path, next_revision, next_revision + rng.randint(15, 90)))
            # Every feature branch is merged and removed by the end: HEAD holds trunk, 1.x and its tags.
        elif roll < 0.06:
            # A move: a file renamed, or a small directory moved to another module.
            dirs = repo.small_dirs("trunk", 40)
            if rng.random() < 0.3 and dirs:
                source = rng.choice(dirs)
                destination = "trunk/%s/%s/%s" % (source.split("/")[1], rng.choice(MODULES), source.split("/")[-1])
            else:
                source = rng.choice(trunk_files)
                destination = source.rsplit("/", 1)[0] + "/" + rng.choice(WORDS) + "_" + source.rsplit("/", 1)[1]
            if destination in repo.kinds or destination.startswith(source + "/"):
                continue
            repo.begin(author(), message(rng, "Move %s to %s." % (source.split("/")[-1], destination)))
            repo.mkdir(destination.rsplit("/", 1)[0])
            repo.copy(source, destination)
            repo.delete(source)
        elif roll < 0.09:
            repo.begin(author(), message(rng, "Remove dead code."))
            for path in rng.sample(trunk_files, rng.randint(1, 3)):
                if path in repo.kinds:
                    repo.delete(path)
        elif roll < 0.10:
            # A replace: the file deleted and added again in one revision.
            path = rng.choice(trunk_files)
            repo.begin(author(), message(rng, "Rewrite %s from scratch." % path.split("/")[-1]))
            repo.kinds.pop(path)
            text = repo.text(path)
            repo.kinds[path] = "file"
            repo.texts[path] = text
            repo.node(path, "file", "replace", text=text, props=[])
        elif roll < 0.11:
            directory = rng.choice(repo.dirs("trunk"))
            repo.begin(author(), message(rng, "Ignore build output in %s." % directory))
            repo.node(directory, "dir", "change", props=[("svn:ignore", "*.o\n*.pyc\nbuild\n")])
        elif roll < 0.18 and "branches/1.x" in repo.kinds:
            repo.begin(author(), message(rng, "Backport a fix to 1.x."))
            for path in rng.sample(repo.files("branches/1.x"), rng.randint(1, 3)):
                repo.edit(path)
        elif roll < 0.26 and repo.branches:
            path = rng.choice(repo.branches)[0]
            repo.begin(author(), message(rng, "Work on %s." % path.split("/")[-1]))
            for file in rng.sample(repo.files(path), rng.randint(1, 5)):
                repo.edit(file)
        else:
            # The common case: a few files edited on trunk, and new ones while trunk is behind its growth.
            repo.begin(author(), message(rng, "%s %s in %s." % (
                rng.choice(["Fix", "Refactor", "Speed up", "Document", "Test", "Clean up", "Handle"]),
                rng.choice(WORDS), rng.choice(MODULES))))
            added = []
            missing = trunk_goal(next_revision) - len(trunk_files)
            if missing > 0:
                for _ in range(min(int(missing), rng.randint(1, 8))):
                    path = new_file_path(repo, rng, "trunk")
                    if path not in repo.kinds:
                        repo.add_file(path)
                        added.append(path)
            for path in rng.sample(trunk_files, rng.randint(0 if added else 1, 6)):
                repo.edit(path)

    out.close()
    if load.wait() != 0:
        sys.exit("make-svn-corpus.py: svnadmin load failed")
    subprocess.run(["svnadmin", "pack", "-q", building], check=True)
    files = sum(1 for k in repo.kinds.values() if k == "file")
    print("%d revisions, %d files and %d directories at HEAD" % (repo.revision, files, len(repo.kinds) - files),
          file=sys.stderr)


if __name__ == "__main__":
    main()
