import { Fragment, type ReactNode } from 'react';
import { parseMarkdown, type Inline } from '../../contract/markdown';

function inline(nodes: Inline[]): ReactNode[] {
  return nodes.map((n, i) => {
    switch (n.type) {
      case 'text':
        return <Fragment key={i}>{n.text}</Fragment>;
      case 'break':
        return <br key={i} />;
      case 'code':
        return <code key={i}>{n.text}</code>;
      case 'strong':
        return <strong key={i}>{inline(n.children)}</strong>;
      case 'em':
        return <em key={i}>{inline(n.children)}</em>;
      case 'link':
        return (
          <a key={i} href={n.href} target="_blank" rel="noopener noreferrer">
            {inline(n.children)}
          </a>
        );
    }
  });
}

/** Markdown from the school's data, rendered as React elements: never raw HTML. */
export function Markdown({ text, className, headingOffset = 2 }: { text: string; className?: string; headingOffset?: number }) {
  return (
    <div className={className ?? 'markdown'}>
      {parseMarkdown(text).map((b, i) => {
        if (b.type === 'heading') {
          const Tag = `h${Math.min(6, b.level + headingOffset)}` as 'h3';
          return <Tag key={i}>{inline(b.children)}</Tag>;
        }
        if (b.type === 'paragraph') return <p key={i}>{inline(b.children)}</p>;
        const List = b.ordered ? 'ol' : 'ul';
        return (
          <List key={i}>
            {b.items.map((item, k) => (
              <li key={k}>{inline(item)}</li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
