"""Every relative link and image in README.md and docs/**/*.md points to an
existing file, and a #anchor to a heading of that file; README's two commands
are the ones .ci/run and the tree use.

Plain python 3, no network: links with a scheme (https:, mailto:) are not
followed. Anchors follow GitHub's rule: the heading's text, lower case, without
punctuation, blanks as '-', '-1', '-2', ... for repeats. Before the tree, the
checker runs on a made-up page with a broken link, a broken anchor and a
missing image (and the same inside code, which must be ignored) and must report
exactly those three, so the test cannot pass with a checker that finds nothing.

  python3 check_markdown_links.py <source root>
"""
import os
import re
import sys
import tempfile
from urllib.parse import unquote

LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
REFDEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
HTML_ANCHOR = re.compile(r"<a\s+(?:name|id)=\"([^\"]+)\"", re.I)


def prose_lines(text):
    """(line number, line) outside fenced code blocks, inline code removed."""
    fence = None
    for n, line in enumerate(text.split("\n"), 1):
        m = re.match(r"^\s{0,3}(`{3,}|~{3,})", line)
        if m:
            if fence is None:
                fence = m.group(1)
            elif m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                fence = None
            continue
        if fence is None and not line.startswith("    "):
            yield n, re.sub(r"(`+).*?\1", "", line)


def slug(heading):
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text
    text = re.sub(r"<[^>]+>", "", text).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        found, seen = set(), {}
        with open(path, encoding="utf-8") as f:
            text = f.read()
        fence = None
        for line in text.split("\n"):
            m = re.match(r"^\s{0,3}(`{3,}|~{3,})", line)
            if m:
                fence = m.group(1) if fence is None else (
                    None if m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) else fence)
                continue
            if fence is not None:
                continue
            h = HEADING.match(line)
            if h:
                s = slug(h.group(2))
                k = seen.get(s, 0)
                seen[s] = k + 1
                found.add(s if k == 0 else "%s-%d" % (s, k))
            found.update(a.lower() for a in HTML_ANCHOR.findall(line))
        cache[path] = found
    return cache[path]


def check_file(path):
    """Problems ('file:line: message') of one markdown file's relative links."""
    problems = []
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for n, line in prose_lines(text):
        targets = LINK.findall(line)
        m = REFDEF.match(line)
        if m:
            targets.append(m.group(1))
        for target in targets:
            if not target or re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target):
                continue  # a URL with a scheme: not checked (no network)
            name, _, frag = target.partition("#")
            dest = os.path.normpath(os.path.join(os.path.dirname(path), unquote(name))) if name else path
            where = "%s:%d: [%s]" % (path, n, target)
            if not os.path.exists(dest):
                problems.append("%s: %s does not exist" % (where, dest))
            elif frag:
                if not dest.endswith(".md") or os.path.isdir(dest):
                    problems.append("%s: an anchor into a file that is not markdown" % where)
                elif unquote(frag).lower() not in anchors(dest):
                    problems.append("%s: %s has no heading with the anchor #%s" % (where, dest, frag))
    return problems


def markdown_files(root):
    files = [os.path.join(root, "README.md")]
    for d, dirs, names in os.walk(os.path.join(root, "docs")):
        dirs.sort()
        files += sorted(os.path.join(d, n) for n in names if n.endswith(".md"))
    return files


def self_test():
    """The checker must find a broken link, a broken anchor and a missing image."""
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "b.md"), "w") as f:
            f.write("# A Title, with (punctuation)\n\n## Repeat\n\n## Repeat\n")
        with open(os.path.join(d, "a.md"), "w") as f:
            f.write("[fine](b.md) [fine](b.md#a-title-with-punctuation) [fine](b.md#repeat-1)\n"
                    "[gone](missing.md) and [bad anchor](b.md#no-such-heading)\n"
                    "![picture](nope.png) [web](https://example.invalid/x.md)\n"
                    "`[in code](missing2.md)`\n\n```\n[in a block](missing3.md)\n```\n")
        got = check_file(os.path.join(d, "a.md"))
    want = ["missing.md", "#no-such-heading", "nope.png"]
    if len(got) != 3 or not all(any(w in g for g in got) for w in want):
        print("FAIL: the checker's self-test expected 3 problems (%s), got:\n  %s"
              % (", ".join(want), "\n  ".join(got) or "none"))
        return False
    return True


def check_commands(root):
    """README's two commands are byte for byte what the tree runs."""
    problems = []
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    m = re.search(r"^## The two commands\n.*?^```sh\n(.*?)^```", readme, re.M | re.S)
    if not m:
        return ["README.md: no ```sh block under '## The two commands'"]
    cmds = [l.split("#")[0].strip() for l in m.group(1).split("\n") if l.strip()]
    if cmds != ["bash Examples/run-demo.sh", "bash Testing/run-tests.sh"]:
        problems.append("README.md: the two commands are %r" % cmds)
    for c in cmds:
        script = c.split()[-1]
        if not os.path.isfile(os.path.join(root, script)):
            problems.append("README.md: the command %r names a missing script" % c)
    with open(os.path.join(root, ".ci", "run"), encoding="utf-8") as f:
        ci = [l.strip() for l in f if not l.lstrip().startswith("#")]
    if len(cmds) == 2 and not any(l.startswith(cmds[1]) for l in ci):
        problems.append(".ci/run: does not run the README's test command %r" % cmds[1])
    return problems


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    if not self_test():
        return 1
    files = markdown_files(root)
    problems = check_commands(root)
    for path in files:
        problems += check_file(path)
    for p in problems:
        print("FAIL " + os.path.relpath(p, root) if p.startswith(root) else "FAIL " + p)
    if problems:
        print("%d broken link(s) or command(s) in %d markdown files" % (len(problems), len(files)))
        return 1
    print("OK: every relative link of %d markdown files resolves; the two commands match .ci/run"
          % len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
