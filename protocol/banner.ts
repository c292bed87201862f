// The start banner of the kit's servers, one layout for `contract-kit mock` and `contract-kit
// sandbox`: first the ready line tools parse (`Mock listening on <url>`), then labelled facts,
// then titled sections, every line indented under it, and last how to stop.

export interface BannerSection {
  title: string;
  lines: string[];
}

export interface BannerContent {
  /** The first line, e.g. `Sandbox listening on http://127.0.0.1:4011`. */
  ready: string;
  /** Short facts as label and value, aligned: `Base URL:   http://…`. */
  facts: Array<[label: string, value: string]>;
  sections: BannerSection[];
}

export function serverBanner({ ready, facts, sections }: BannerContent): string[] {
  const width = Math.max(0, ...facts.map(([label]) => label.length + 1));
  return [
    ready,
    ...facts.map(([label, value]) => `  ${`${label}:`.padEnd(width)}  ${value}`),
    ...sections.flatMap(({ title, lines }) => ['', `  ${title}`, ...lines.map((line) => `    ${line}`)]),
    '',
    '  Stop with Ctrl+C.',
  ];
}
