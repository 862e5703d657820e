import { mentionLabel, splitMentions } from '@shared/rules/mentions';

/** The parts of an mdast tree this plugin reads and writes. */
type MdNode = { type: string; value?: string; children?: MdNode[] };

/** Node types whose text is literal: a mention token there stays as it was written. */
const LITERAL = new Set(['inlineCode', 'code']);

/**
 * A remark plugin that shows each mention token `@[userId]` in the parsed tree as a bold `@Name` whose name
 * is a text node, added after parsing: no name can become markup or a link (remark-gfm autolinks bare
 * addresses in text it parses, whatever is escaped).
 */
export function remarkMentions(nameOf: (userId: string) => string | undefined) {
  const rewrite = (node: MdNode): void => {
    if (!node.children || LITERAL.has(node.type)) return;
    node.children = node.children.flatMap((child): MdNode[] => {
      if (child.type !== 'text' || child.value === undefined) {
        rewrite(child);
        return [child];
      }
      return splitMentions(child.value).map((part) =>
        'userId' in part ? { type: 'strong', children: [{ type: 'text', value: mentionLabel(part.userId, nameOf) }] } : { type: 'text', value: part.text },
      );
    });
  };
  return () => (tree: MdNode) => rewrite(tree);
}
