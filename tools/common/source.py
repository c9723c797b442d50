"""A game's source files, read from a checkout or from a git repository at a tag.

Every extraction script takes its source the same way (add_arguments, open_source):

    SCRIPT SOURCE [--tag TAG]     a checkout (it holds the script's marker path) is read as
                                  it stands on disk; any other SOURCE is a git repository,
                                  bare or not, read at TAG with git
    SCRIPT --repo REPO [--tag TAG]   a git repository, read at TAG even if it has a work tree
    SCRIPT --checkout DIR            a work tree, read as it stands on disk

--rev is another name for --tag. Python 3 standard library only.
"""

import os
import subprocess


class Source:
    """The files of a checkout (`tree` true) or of a git repository at `tag`.

    path: the checkout or the repository; tag: the revision asked for (None for a
    checkout); commit: the commit it names (None for a checkout)."""

    def __init__(self, path, tag=None, tree=False):
        self.path = path
        self.tree = tree
        self.tag = None if tree else tag
        self._cache = {}
        self.commit = None
        if not tree:
            self.commit = self._git("rev-parse", "%s^{commit}" % tag, what="neither a checkout of the game nor a "
                                    "git repository with the revision %s" % tag).decode().strip()

    def _git(self, *args, stdin=None, what=None):
        r = subprocess.run(["git", "-C", self.path, *args], input=stdin, capture_output=True)
        if r.returncode != 0:
            raise SystemExit("%s: %sgit %s: %s" % (self.path, what + ": " if what else "", " ".join(args),
                                                   r.stderr.decode(errors="replace").strip()))
        return r.stdout

    def read(self, rel):
        """The text of the file at `rel` (a path from the source's root), its line ends as \\n."""
        if rel not in self._cache:
            if self.tree:
                with open(os.path.join(self.path, rel), encoding="utf-8") as f:
                    return f.read()
            self._cache[rel] = _text(self._git("show", "%s:%s" % (self.commit, rel)))
        return self._cache[rel]

    def prefetch(self, paths):
        """Reads `paths` from the repository at once (one git cat-file), for a script that
        reads many files; a checkout is read file by file as ever."""
        paths = [p for p in paths if p not in self._cache]
        if self.tree or not paths:
            return
        raw = self._git("cat-file", "--batch", stdin="".join("%s:%s\n" % (self.commit, p) for p in paths).encode())
        pos = 0
        for p in paths:
            nl = raw.index(b"\n", pos)
            head = raw[pos:nl].split()
            if len(head) != 3:
                raise SystemExit("%s: no file %s at %s" % (self.path, p, self.tag))
            size = int(head[2])
            self._cache[p] = _text(raw[nl + 1:nl + 1 + size])
            pos = nl + 1 + size + 1

    def list(self, folder, recursive=True):
        """The paths (from the root) of every file below `folder`, sorted; with recursive
        false, the names of the entries directly in `folder`."""
        folder = folder.rstrip("/")
        if self.tree:
            top = os.path.join(self.path, folder)
            if not recursive:
                return sorted(os.listdir(top))
            out = []
            for d, _, files in os.walk(top):
                out += [os.path.relpath(os.path.join(d, f), self.path).replace(os.sep, "/") for f in files]
            return sorted(out)
        if not recursive:
            names = self._git("ls-tree", "--name-only", self.commit, folder + "/").decode().splitlines()
            return sorted(os.path.basename(n) for n in names if n)
        return sorted(self._git("ls-tree", "-r", "--name-only", self.commit, "--", folder).decode().split())


def _text(data):
    # As Python reads a text file: UTF-8, line ends as \n.
    return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


def add_arguments(parser, default_tag, what="the game"):
    """The source arguments every script takes (see the module's text)."""
    parser.add_argument("source", nargs="?",
                        help="a checkout of %s, or a git repository of it (bare or not) read at --tag" % what)
    parser.add_argument("--repo", help="a git repository of %s, read at --tag even if it has a work tree" % what)
    parser.add_argument("--checkout", help="a work tree of %s, read as it stands" % what)
    parser.add_argument("--tag", "--rev", dest="tag", default=default_tag,
                        help="the revision to read a repository at (default %s)" % default_tag)


def open_source(args, marker):
    """The Source the arguments name. `marker`: a path (file or folder) that only a
    checkout of the game holds, which tells a checkout from a repository."""
    given = [x for x in (args.source, args.repo, args.checkout) if x is not None]
    if len(given) != 1:
        raise SystemExit("give one source: a checkout or a repository (SOURCE), or --repo REPO, or --checkout DIR")
    if args.checkout is not None:
        if not os.path.exists(os.path.join(args.checkout, marker)):
            raise SystemExit("%s: not a checkout of the game (no %s)" % (args.checkout, marker))
        return Source(args.checkout, tree=True)
    if args.repo is not None:
        return Source(args.repo, args.tag)
    if os.path.exists(os.path.join(args.source, marker)):
        return Source(args.source, tree=True)
    return Source(args.source, args.tag)
