// A full municipality page for benchmarks: 20 municipalities with 2–4 officials each, made by
// varying the contract's own municipality examples (so every value stays realistic and valid).
import contract from '../generated/openapi.json';

type Official = Record<string, unknown>;
type Municipality = Record<string, unknown> & { uuid: string; name: string; officials: Official[] };
export interface MunicipalityPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: Municipality[];
}

const EXAMPLES = ['municipalities-at', 'municipalities-de', 'municipalities-ch'] as const;
const PAGE_SIZE = 20;

/** A deterministic UUID v4-shaped string per (kind, index), so the page is the same every run. */
function uuidFor(kind: number, index: number): string {
  const hex = (kind * 0x10000 + index).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(0, 3)}-8${hex.slice(3, 6)}-${hex}`;
}

function exampleMunicipalities(): Municipality[] {
  const examples = (contract as unknown as { components: { examples: Record<string, { value: { results: Municipality[] } }> } })
    .components.examples;
  return EXAMPLES.flatMap((name) => {
    const example = examples[name];
    if (!example) throw new Error(`generated/openapi.json has no example ${name}`);
    return example.value.results;
  });
}

export function municipalityPage(): MunicipalityPage {
  const templates = exampleMunicipalities();
  const officials = templates.flatMap((municipality) => municipality.officials);
  if (templates.length === 0 || officials.length === 0) throw new Error('the municipality examples have no officials to vary');
  const results = Array.from({ length: PAGE_SIZE }, (_, index): Municipality => {
    const template = templates[index % templates.length]!;
    const count = 2 + (index % 3);
    return {
      ...template,
      uuid: uuidFor(1, index),
      name: `${template.name} ${index + 1}`,
      officials: Array.from({ length: count }, (_, slot) => ({
        ...officials[(index + slot) % officials.length]!,
        person_uuid: uuidFor(2, index * 4 + slot),
      })),
    };
  });
  return {
    count: 4_000,
    next: 'https://service.example/api/v1/municipalities/?page=3',
    previous: 'https://service.example/api/v1/municipalities/?page=1',
    results,
  };
}
