// Scalar's configuration for the page. Everything that would reach the network at view time is
// off: the page must work offline and next to the mock, and leak nothing to third parties.
// The contract itself is added in the page (`content`), not here.
export const SCALAR_CONFIGURATION = {
  // Default fonts are @font-face rules pointing at fonts.scalar.com; system fonts instead.
  withDefaultFonts: false,
  telemetry: false,
  // The agent chat and the "share" features talk to *.scalar.com.
  agent: { disabled: true },
  // Undefined would mean proxy.scalar.com in some client layouts; '' means "send directly".
  proxyUrl: '',
  // The developer toolbar (shown on localhost) offers uploads to Scalar's registry.
  showDeveloperTools: 'never',
  // "Test Request" opens the built-in client, which sends to the selected server (the mock by default).
  hideTestRequestButton: false,
  hideClientButton: false,
  // The page holds an edited copy (generated sections, inlined examples); the contract to
  // download is generated/openapi.json, so offer no download of the copy.
  documentDownloadType: 'none',
  persistAuth: false,
  // A small document: show everything, so the page can be read and searched (Ctrl+F) as a whole.
  defaultOpenAllTags: true,
  expandAllModelSections: true,
  expandAllResponses: true,
  // Keep the contract's property order (it follows the published tables).
  orderSchemaPropertiesBy: 'preserve',
  orderRequiredPropertiesFirst: false,
  showOperationId: true,
  operationTitleSource: 'summary',
} as const;
