import type { ReactNode } from 'react';

export type BrandTextProps = { text: string };

/**
 * Renders a brand's plain legal text: blank lines separate blocks, a line starting with "# " is a
 * section heading (h2, under the page's h1) and the lines after it in the same block its paragraph.
 */
export function BrandText({ text }: BrandTextProps) {
  const nodes: ReactNode[] = [];
  text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .forEach((block, index) => {
      const [first = '', ...rest] = block.split('\n');
      const body = first.startsWith('# ') ? rest.join('\n').trim() : block;
      if (first.startsWith('# ')) {
        nodes.push(
          <h2 key={`h${index}`} className="pt-2 text-lg font-semibold">
            {first.slice(2).trim()}
          </h2>,
        );
      }
      if (body) {
        nodes.push(
          <p key={`p${index}`} className="whitespace-pre-line">
            {body}
          </p>,
        );
      }
    });
  return <div className="space-y-4 leading-relaxed">{nodes}</div>;
}
