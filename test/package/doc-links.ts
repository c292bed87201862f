// The links of a package's Markdown, checked where a user reads them: inside the installed
// package. A relative link (`[text](sandbox/README.md#faults)`) must name a file of the package,
// and its fragment a heading there (GitHub's anchors); a plain mention of a Markdown file of the
// repository (`see conformance/README.md`, also in code blocks) must name one the package holds.
import fs from 'node:fs';
import path from 'node:path';

export interface LinkCheck {
  /** Links and mentions looked at. */
  checked: number;
  /** One line per link that does not resolve in the package: `file: target (why)`. */
  broken: string[];
}

const LINK = /\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
const MENTION = /(?<![\w/.#-])((?:\.{1,2}\/)*[\w-]+(?:\/[\w.-]+)*\.md)\b/g;
const FENCE = /^\s*(```|~~~)/;

function markdownFiles(dir: string, base = ''): string[] {
  return fs.readdirSync(path.join(dir, base), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(base, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : markdownFiles(dir, rel);
    return entry.name.endsWith('.md') ? [rel] : [];
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export const anchorOf = (heading: string) =>
  heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');

/** The anchors of a Markdown text's headings, outside code blocks. */
function anchors(text: string): Set<string> {
  let fenced = false;
  const found = new Set<string>();
  for (const line of text.split('\n')) {
    if (FENCE.test(line)) fenced = !fenced;
    else if (!fenced && /^#{1,6}\s/.test(line)) found.add(anchorOf(line.replace(/^#+\s*/, '')));
  }
  return found;
}

/** A path inside `root`, or undefined when it leaves it. */
function inside(root: string, file: string): string | undefined {
  const resolved = path.resolve(root, file);
  return resolved.startsWith(`${path.resolve(root)}${path.sep}`) ? path.relative(root, resolved) : undefined;
}

export function checkLinks(packageDir: string, repositoryDir: string): LinkCheck {
  const broken: string[] = [];
  let checked = 0;
  const exists = (root: string, rel: string | undefined) => rel !== undefined && fs.existsSync(path.join(root, rel)) && fs.statSync(path.join(root, rel)).isFile();
  for (const doc of markdownFiles(packageDir)) {
    const text = fs.readFileSync(path.join(packageDir, doc), 'utf8');
    const dir = path.posix.dirname(doc);
    for (const [, target] of text.matchAll(LINK)) {
      if (/^[a-z][a-z\d+.-]*:|^\/\//i.test(target!)) continue; // absolute: https:, mailto:, …
      checked++;
      const [file, fragment] = target!.split('#') as [string, string | undefined];
      const rel = file === '' ? doc : inside(packageDir, path.posix.join(dir, decodeURI(file)));
      if (!exists(packageDir, rel)) broken.push(`${doc}: ${target} (not in the package)`);
      else if (fragment && rel!.endsWith('.md') && !anchors(fs.readFileSync(path.join(packageDir, rel!), 'utf8')).has(fragment)) {
        broken.push(`${doc}: ${target} (no heading #${fragment} in ${rel})`);
      }
    }
    for (const [, mention] of text.matchAll(MENTION)) {
      // Beside the document, or from the package's root as the READMEs write paths.
      const candidates = [path.posix.join(dir, mention!), mention!].map((file) => inside(repositoryDir, file));
      const inRepository = candidates.find((rel) => exists(repositoryDir, rel));
      if (inRepository === undefined) continue; // not a file of the repository: an output name such as summary.md
      checked++;
      if (!exists(packageDir, inRepository)) broken.push(`${doc}: ${mention} (a file of the repository that is not in the package)`);
    }
  }
  return { checked, broken };
}
