import type { Components } from 'react-markdown';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { keepSafeUrl } from '@/lib/keep-safe-url';
import { cn } from '@/lib/utils';

const components: Components = {
  a: ({ href, children, node: _node, ...props }) =>
    href ? (
      <a
        {...props}
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="text-primary-text underline underline-offset-4"
      >
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
};

/**
 * Markdown as the chats render it (assistant answers, team chat messages) (GitHub flavour): headings, lists, code, blockquotes, tables. Links keep
 * only the safe protocols and open in a new tab.
 */
export function MarkdownContent({ text, className }: { text: string; className?: string }) {
  return (
    <div
      className={cn(
        'space-y-3 break-words text-sm leading-relaxed',
        '[&_h1]:font-semibold [&_h1]:text-xl [&_h2]:font-semibold [&_h2]:text-lg [&_h3]:font-semibold [&_h3]:text-base',
        '[&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5',
        '[&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground',
        '[&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-background/60 [&_:not(pre)>code]:px-1 [&_:not(pre)>code]:py-0.5 [&_:not(pre)>code]:font-mono [&_:not(pre)>code]:text-[0.85em]',
        '[&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-background/60 [&_pre]:p-3 [&_pre]:font-mono [&_pre]:text-xs',
        '[&_table]:w-full [&_table]:border-collapse [&_td]:border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:px-2 [&_th]:py-1',
        className,
      )}
    >
      <Markdown remarkPlugins={[remarkGfm]} urlTransform={keepSafeUrl} components={components}>
        {text}
      </Markdown>
    </div>
  );
}
