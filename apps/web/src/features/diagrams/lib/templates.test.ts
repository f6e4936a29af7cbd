import { describe, expect, it } from 'vitest';
import { DIAGRAM_TEMPLATES } from '@aprenda/shared/schemas/diagrams';
import { createI18n } from '@/lib/i18n';
import { parseMermaid } from '@/lib/mermaid';
import { diagramKind, templateCode, templateName, TEMPLATES } from './templates';

describe('starter templates', () => {
  it('offers the five the schools use, in the contract’s order', () => {
    expect(TEMPLATES).toEqual(['flowchart', 'mindmap', 'timeline', 'sequence', 'class']);
    expect(TEMPLATES).toEqual(DIAGRAM_TEMPLATES);
  });

  it.each(['pt-BR', 'en'])(
    '%s: each has a name and code mermaid parses as its own kind',
    async (lng) => {
      const i18n = createI18n();
      await i18n.changeLanguage(lng);
      const t = i18n.getFixedT(lng);
      const names = new Set<string>();
      for (const template of TEMPLATES) {
        names.add(templateName(t, template));
        const code = templateCode(t, template);
        expect(code).not.toContain(`templates.${template}`);
        expect(diagramKind(await parseMermaid(code)), `${lng} ${template}`).toBe(template);
      }
      expect(names.size).toBe(TEMPLATES.length);
    },
  );

  it('names the kinds Mermaid detects', () => {
    expect(diagramKind('flowchart-v2')).toBe('flowchart');
    expect(diagramKind('graph')).toBe('flowchart');
    expect(diagramKind('classDiagram')).toBe('class');
    expect(diagramKind('sequence')).toBe('sequence');
    expect(diagramKind('pie')).toBe('other');
    expect(diagramKind(null)).toBe('other');
  });
});
