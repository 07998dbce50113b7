import PDFDocument from 'pdfkit';
import { reportWords } from '@holgura/contracts';
import { esNumber } from './report-text';

/**
 * The building blocks of every report's PDF (issue #29): A4, pdfkit's standard Helvetica
 * (WinAnsi: Spanish accents, «», ×, –), sections with a table of contents, key–value rows,
 * tables that break across pages with their header repeated, boxed notices, vector bar charts,
 * and «Página N de M» with the generation date at the foot of every page. The study's report
 * (studies/report/report-pdf.ts) and an uploaded case's (case-report/case-report-pdf.ts) are
 * written with them. Pure: data in, the file's bytes out; they run on the report thread.
 */

const w = reportWords;
export type Doc = PDFKit.PDFDocument;

export const PAGE = { width: 595.28, height: 841.89 };
export const MARGIN = { top: 56, bottom: 64, left: 50, right: 50 };
export const WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
export const BOTTOM = PAGE.height - MARGIN.bottom;
export const FONT = 'Helvetica';
export const BOLD = 'Helvetica-Bold';
export const ITALIC = 'Helvetica-Oblique';
export const INK = '#0f172a';
export const MUTED = '#475569';
export const ACCENT = '#075985';
export const RULE = '#cbd5e1';
const HEADER_FILL = '#e2e8f0';
const ZEBRA = '#f8fafc';

/** A boxed notice's colours: amber (a warning, a synthetic network), or slate (a plain note). */
const NOTICE_TONES = {
  warning: { fill: '#fffbeb', stroke: '#d97706', ink: '#78350f' },
  note: { fill: '#f1f5f9', stroke: '#94a3b8', ink: INK },
} as const;

/** Code points the standard fonts' WinAnsi encoding has beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set(
  [...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'].map((char) => char.codePointAt(0)!),
);
const REPLACEMENTS: Record<string, string> = {
  '\u2212': '-',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2192': '->',
  '\u2113': 'l',
};
const encodable = (code: number) =>
  (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(code);

/**
 * Text the standard fonts can draw: a character outside WinAnsi loses its accent if that makes
 * it drawable, else becomes «?» (names in other scripts are rare in planning cases).
 */
export function pdfText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '\n' || encodable(code)) out += char;
    else if (REPLACEMENTS[char] !== undefined) out += REPLACEMENTS[char];
    else {
      const bare = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += bare !== '' && [...bare].every((c) => encodable(c.codePointAt(0)!)) ? bare : '?';
    }
  }
  return out;
}

/** A round step and the axis top for values up to `max` (4 to 6 ticks). */
export function niceScale(max: number): [step: number, top: number] {
  if (!(max > 0)) return [1, 1];
  const rough = max / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * power).find((s) => s >= rough)!;
  return [step, Math.ceil(max / step) * step];
}

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

export interface Bar {
  /** Under the bar. */
  label: string;
  value: number;
  color: string;
}

export interface PdfInfo {
  title: string;
  subject: string;
  keywords: string;
  createdAt: Date;
}

/** A report's PDF being written: the shared pieces; each report adds its own sections. */
export class ReportPdfDocument {
  readonly doc: Doc;
  /** The page (0-based) each section starts on, for the contents. */
  readonly sectionPage = new Map<string, number>();
  private toc = { page: 0, y: 0 };
  private readonly chunks: Buffer[] = [];
  private readonly ended: Promise<void>;

  constructor(info: PdfInfo) {
    this.doc = new PDFDocument({
      size: 'A4',
      margins: MARGIN,
      bufferPages: true,
      lang: 'es-CO',
      displayTitle: true,
      info: {
        Title: pdfText(info.title),
        Author: w.product,
        Subject: pdfText(info.subject),
        Keywords: pdfText(info.keywords),
        CreationDate: info.createdAt,
      },
    });
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.ended = new Promise<void>((resolve, reject) => {
      this.doc.on('end', resolve);
      this.doc.on('error', reject);
    });
  }

  /** Ends the document: its bytes. */
  async finish(): Promise<Buffer> {
    this.doc.end();
    await this.ended;
    return Buffer.concat(this.chunks);
  }

  get pageIndex(): number {
    const range = this.doc.bufferedPageRange();
    return range.start + range.count - 1;
  }

  /** A new page unless `height` more points fit on this one. */
  room(height: number) {
    if (this.doc.y + height > BOTTOM) this.doc.addPage();
  }

  text(
    value: string,
    options: {
      font?: string;
      size?: number;
      color?: string;
      gap?: number;
    } & PDFKit.Mixins.TextOptions = {},
  ) {
    const { font = FONT, size = 9.5, color = INK, gap = 4, ...rest } = options;
    this.doc.font(font).fontSize(size).fillColor(color);
    this.doc.text(pdfText(value), MARGIN.left, this.doc.y, { width: WIDTH, ...rest });
    this.doc.y += gap;
  }

  /** A list item, its wrapped lines under its first word. */
  bullet(value: string, size = 9.5) {
    const doc = this.doc;
    doc.font(FONT).fontSize(size);
    const text = pdfText(value);
    const height = doc.heightOfString(text, { width: WIDTH - 12 });
    this.room(height);
    const y = doc.y;
    doc.fillColor(INK).text('•', MARGIN.left, y, { lineBreak: false });
    doc.text(text, MARGIN.left + 12, y, { width: WIDTH - 12 });
    doc.y = y + height + 3;
  }

  /** A section's title, on a new page or where there is room; the contents point at it. */
  section(key: string, title: string, newPage = true) {
    if (newPage) this.doc.addPage();
    else this.room(60);
    this.sectionPage.set(key, this.pageIndex);
    this.text(title, { font: BOLD, size: 15, color: ACCENT, gap: 8 });
  }

  subheading(value: string, keepWith = 40) {
    this.room(keepWith + 20);
    this.doc.y += 4;
    this.text(value, { font: BOLD, size: 11, color: INK, gap: 4 });
  }

  /** Label–value rows, the label bold in a column of its own. */
  keyValues(rows: readonly (readonly [string, string])[], labelWidth = 150) {
    const doc = this.doc;
    for (const [label, value] of rows) {
      doc.font(FONT).fontSize(9.5);
      const height = Math.max(
        doc.heightOfString(pdfText(value), { width: WIDTH - labelWidth }),
        doc.font(BOLD).heightOfString(pdfText(label), { width: labelWidth - 8 }),
      );
      this.room(height + 4);
      const y = doc.y;
      doc.font(BOLD).fontSize(9.5).fillColor(MUTED);
      doc.text(pdfText(label), MARGIN.left, y, { width: labelWidth - 8 });
      doc.font(FONT).fillColor(INK);
      doc.text(pdfText(value), MARGIN.left + labelWidth, y, { width: WIDTH - labelWidth });
      doc.y = y + height + 4;
    }
  }

  /** A boxed paragraph: a warning (amber) or a note. */
  notice(
    value: string,
    tone: keyof typeof NOTICE_TONES = 'warning',
    options: { bold?: boolean } = {},
  ) {
    const doc = this.doc;
    const colors = NOTICE_TONES[tone];
    const text = pdfText(value);
    doc.font(options.bold === false ? FONT : BOLD).fontSize(10);
    const height = doc.heightOfString(text, { width: WIDTH - 20 }) + 14;
    this.room(height + 12);
    const y = doc.y;
    doc.rect(MARGIN.left, y, WIDTH, height).fillAndStroke(colors.fill, colors.stroke);
    doc.fillColor(colors.ink).text(text, MARGIN.left + 10, y + 7, { width: WIDTH - 20 });
    doc.y = y + height + 12;
  }

  /** Boxed list: a title, then one bullet per line (the screen's «Revisa el archivo»). */
  noticeList(title: string, lines: readonly string[]) {
    const doc = this.doc;
    const colors = NOTICE_TONES.warning;
    const texts = lines.map(pdfText);
    doc.font(BOLD).fontSize(9.5);
    const titleHeight = doc.heightOfString(pdfText(title), { width: WIDTH - 20 });
    doc.font(FONT).fontSize(9);
    const heights = texts.map((text) => doc.heightOfString(text, { width: WIDTH - 32 }));
    const height = 14 + titleHeight + 4 + heights.reduce((sum, h) => sum + h + 3, 0);
    if (height < BOTTOM - MARGIN.top) this.room(height + 10);
    const y = doc.y;
    doc.rect(MARGIN.left, y, WIDTH, height).fillAndStroke(colors.fill, colors.stroke);
    doc.font(BOLD).fontSize(9.5).fillColor(colors.ink);
    doc.text(pdfText(title), MARGIN.left + 10, y + 7, { width: WIDTH - 20 });
    let at = y + 7 + titleHeight + 4;
    doc.font(FONT).fontSize(9);
    texts.forEach((text, i) => {
      doc.text('•', MARGIN.left + 12, at, { lineBreak: false });
      doc.text(text, MARGIN.left + 22, at, { width: WIDTH - 32 });
      at += heights[i]! + 3;
    });
    doc.y = y + height + 10;
  }

  /**
   * A table that breaks across pages, its header repeated; each row as tall as its tallest
   * cell. `emphasis` draws a row's cells bold.
   */
  table(
    columns: readonly Column[],
    rows: readonly string[][],
    options: {
      size?: number;
      emphasis?: (row: number) => boolean;
      /** Said above the header where the table goes on on a new page. */
      continued?: string;
    } = {},
  ) {
    const doc = this.doc;
    const size = options.size ?? 8;
    const pad = 3;
    const header = () => {
      doc.font(BOLD).fontSize(size);
      const height =
        Math.max(
          ...columns.map((c) =>
            doc.heightOfString(pdfText(c.header), { width: c.width - 2 * pad }),
          ),
        ) +
        2 * pad;
      this.room(height + size * 2);
      const y = doc.y;
      doc.rect(MARGIN.left, y, WIDTH, height).fill(HEADER_FILL);
      let x = MARGIN.left;
      doc.fillColor(INK);
      for (const column of columns) {
        doc.text(pdfText(column.header), x + pad, y + pad, {
          width: column.width - 2 * pad,
          align: column.align ?? 'left',
        });
        x += column.width;
      }
      doc.y = y + height;
    };
    header();
    rows.forEach((cells, index) => {
      const font = options.emphasis?.(index) ? BOLD : FONT;
      doc.font(font).fontSize(size);
      const texts = cells.map(pdfText);
      const height =
        Math.max(
          ...texts.map((text, c) =>
            doc.heightOfString(text, { width: columns[c]!.width - 2 * pad }),
          ),
        ) +
        2 * pad;
      if (doc.y + height > BOTTOM) {
        doc.addPage();
        if (options.continued !== undefined) {
          this.text(options.continued, { font: BOLD, size: 9, color: MUTED, gap: 3 });
        }
        header();
        doc.font(font).fontSize(size);
      }
      const y = doc.y;
      if (index % 2 === 1) doc.rect(MARGIN.left, y, WIDTH, height).fill(ZEBRA);
      doc
        .moveTo(MARGIN.left, y + height)
        .lineTo(MARGIN.left + WIDTH, y + height)
        .lineWidth(0.4)
        .strokeColor(RULE)
        .stroke();
      let x = MARGIN.left;
      doc.fillColor(INK);
      texts.forEach((text, c) => {
        const column = columns[c]!;
        doc.text(text, x + pad, y + pad, {
          width: column.width - 2 * pad,
          align: column.align ?? 'left',
        });
        x += column.width;
      });
      doc.y = y + height;
    });
    doc.y += 6;
  }

  /** Paragraphs with a bold lead-in (the method page). */
  paragraphs(list: readonly { title: string; text: string }[]) {
    for (const paragraph of list) {
      this.doc.font(BOLD).fontSize(9.5).fillColor(INK);
      this.doc.text(`${pdfText(paragraph.title)} `, MARGIN.left, this.doc.y, {
        width: WIDTH,
        align: 'justify',
        continued: true,
      });
      this.doc.font(FONT).text(pdfText(paragraph.text), { align: 'justify' });
      this.doc.y += 5;
    }
  }

  /**
   * Vertical bars, one per item, drawn as vectors with their count above and their label
   * below, on a rounded axis: a histogram.
   */
  barChart(bars: readonly Bar[], options: { height: number; axisLabel: string }) {
    const doc = this.doc;
    const { height } = options;
    this.room(height + 10);
    const top = doc.y;
    const pad = { left: 46, right: 6, top: 14, bottom: 30 };
    const left = MARGIN.left + pad.left;
    const plotWidth = WIDTH - pad.left - pad.right;
    const plotTop = top + pad.top;
    const plotHeight = height - pad.top - pad.bottom;
    const [step, max] = niceScale(Math.max(0, ...bars.map((bar) => bar.value)));
    const yOf = (value: number) => plotTop + plotHeight - (value / max) * plotHeight;

    doc.save();
    drawValueGrid(doc, { left, plotWidth, plotTop, labelWidth: pad.left - 6 }, step, max, yOf);
    doc.text(pdfText(options.axisLabel), MARGIN.left, plotTop - 14, {
      width: pad.left - 6,
      align: 'right',
      lineBreak: false,
    });
    const slot = plotWidth / Math.max(1, bars.length);
    const barWidth = Math.max(2, slot * 0.72);
    bars.forEach((bar, i) => {
      const x = left + i * slot + (slot - barWidth) / 2;
      const y = yOf(bar.value);
      if (bar.value > 0) doc.rect(x, y, barWidth, plotTop + plotHeight - y).fill(bar.color);
      doc
        .font(FONT)
        .fontSize(6.5)
        .fillColor(INK)
        .text(esNumber(bar.value, 0), left + i * slot, y - 9, {
          width: slot,
          align: 'center',
          lineBreak: false,
        });
      doc
        .fontSize(6)
        .fillColor(MUTED)
        .text(pdfText(bar.label), left + i * slot, plotTop + plotHeight + 4, {
          width: slot,
          align: 'center',
        });
    });
    doc.lineWidth(0.8).strokeColor(MUTED);
    doc
      .moveTo(left, plotTop)
      .lineTo(left, plotTop + plotHeight)
      .lineTo(left + plotWidth, plotTop + plotHeight)
      .stroke();
    doc.restore();
    doc.y = top + height + 6;
  }

  /** Keeps room for the contents (written last, when every section's page is known). */
  reserveContents(lines: number) {
    this.toc = { page: this.pageIndex, y: this.doc.y };
    this.doc.y += lines * 15 + 10;
  }

  /** The contents, on the page reserveContents kept: each section with the page it starts on. */
  contents(sections: readonly (readonly [key: string, title: string])[]) {
    const doc = this.doc;
    doc.switchToPage(this.toc.page);
    let y = this.toc.y;
    for (const [key, title] of sections) {
      const page = this.sectionPage.get(key);
      if (page === undefined) continue;
      doc.font(FONT).fontSize(10).fillColor(INK);
      doc.text(pdfText(title), MARGIN.left + 8, y, { lineBreak: false });
      const pageText = w.cover.contentsPage(page + 1);
      doc.text(pageText, MARGIN.left + WIDTH - 60, y, {
        width: 60,
        align: 'right',
        lineBreak: false,
      });
      y += 15;
    }
  }

  /** «Página N de M», the report's name and the generation date at the foot of every page. */
  footers(name: string, generatedText: string) {
    const doc = this.doc;
    const range = doc.bufferedPageRange();
    doc.font(FONT).fontSize(7.5);
    const date = w.generatedAt(generatedText);
    const room = WIDTH - 100;
    let shown = pdfText(name);
    while (shown.length > 8 && doc.widthOfString(w.footer(shown, date)) > room) {
      shown = `${shown.slice(0, -2).trimEnd()}…`;
    }
    const left = pdfText(w.footer(shown, date));
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const y = PAGE.height - 42;
      // Below the bottom margin: text there would otherwise start a new page.
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .moveTo(MARGIN.left, y - 6)
        .lineTo(MARGIN.left + WIDTH, y - 6)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      doc.font(FONT).fontSize(7.5).fillColor(MUTED);
      doc.text(left, MARGIN.left, y, { lineBreak: false });
      doc.text(w.page(i + 1, range.count), MARGIN.left + WIDTH - 90, y, {
        width: 90,
        align: 'right',
        lineBreak: false,
      });
      doc.page.margins.bottom = bottom;
    }
  }
}

/**
 * A chart's value axis: a light grid line and its value (es-CO) at every step from 0 to `max`,
 * the values right-aligned in the `labelWidth` left of the plot. Leaves the font at 7 pt, muted.
 */
export function drawValueGrid(
  doc: Doc,
  frame: { left: number; plotWidth: number; plotTop: number; labelWidth: number },
  step: number,
  max: number,
  yOf: (value: number) => number,
): void {
  doc.lineWidth(0.5).strokeColor('#e2e8f0');
  doc.font(FONT).fontSize(7).fillColor(MUTED);
  for (let tick = 0; tick <= max + step / 1000; tick += step) {
    const y = yOf(tick);
    doc
      .moveTo(frame.left, y)
      .lineTo(frame.left + frame.plotWidth, y)
      .stroke();
    doc.text(esNumber(tick, 1), MARGIN.left, y - 3.5, {
      width: frame.labelWidth,
      align: 'right',
      lineBreak: false,
    });
  }
}
