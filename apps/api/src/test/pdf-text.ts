/**
 * The text of a PDF, page by page, as a reader would copy it (pdf.js): tests assert on what the
 * document says, never on its bytes. Also returns the document's metadata title.
 */
export async function pdfText(bytes: Buffer | Uint8Array): Promise<{ pages: string[]; text: string; title: string | null }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n += 1) {
    const page = await document.getPage(n);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''));
  }
  const meta = await document.getMetadata();
  const title = (meta.info as { Title?: string } | undefined)?.Title ?? null;
  await document.destroy();
  return { pages, text: pages.join('\n'), title };
}
