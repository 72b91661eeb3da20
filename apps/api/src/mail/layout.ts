/** One plain layout for every email: greeting, paragraphs, an optional button link, a footer. */
export interface EmailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Shown under the button, e.g. "ignore this if you did not ask". */
  footer?: string[];
  /** BCP 47 tag for the HTML `lang` attribute. */
  lang: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function renderEmail(content: EmailContent): RenderedEmail {
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}:`, content.action.url, ''] : []),
    ...(content.footer ?? []).flatMap((p) => [p, '']),
    '— Grove',
  ].join('\n');

  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#e8730c;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555555;word-break:break-all">${escapeHtml(content.action.url)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="${escapeHtml(content.lang)}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222222;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
${paragraph(content.greeting)}
${content.paragraphs.map(paragraph).join('\n')}
${button}
${(content.footer ?? []).map((p) => `<p style="margin:0 0 12px;font-size:13px;color:#555555">${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:24px 0 0;color:#127a78;font-weight:bold">Grove</p>
</body></html>`;
  return { subject: content.subject, text, html };
}
