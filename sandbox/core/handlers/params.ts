// Query values as the filters read them (the contract's checks of each value are ../parameters.ts).

/** Values with the empty ones dropped: django-filter ignores an empty filter value. */
export function nonEmpty(values: string[] | undefined): string[] {
  return (values ?? []).filter((v) => v !== '');
}
