// Text into XML and HTML (junit.xml, report.html): the characters markup gives a meaning (values
// and attributes are always double-quoted), and the control characters XML 1.0 cannot carry, dropped.
export const xmlEscape = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
