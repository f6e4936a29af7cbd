import { describe, expect, it } from 'vitest';
import {
  DIAGRAM_CODE_MAX,
  DIAGRAM_DESCRIPTION_MAX,
  DIAGRAM_TITLE_MAX,
} from '@aprenda/shared/schemas/diagrams';
import { changedFields, hasErrors, validateDiagram } from './diagram-form';

const ok = {
  title: 'Ciclo da água',
  description: 'Como a água circula.',
  code: 'flowchart TD\n A-->B',
};

describe('validateDiagram (the save form)', () => {
  it('requires a title and a description (screen readers read them) and some code', () => {
    expect(validateDiagram(ok)).toEqual({});
    expect(hasErrors(validateDiagram(ok))).toBe(false);
    expect(validateDiagram({ title: '  ', description: '', code: ' \n' })).toEqual({
      title: 'required',
      description: 'required',
      code: 'required',
    });
  });

  it('holds the contract’s limits', () => {
    expect(validateDiagram({ ...ok, title: 'x'.repeat(DIAGRAM_TITLE_MAX) })).toEqual({});
    expect(validateDiagram({ ...ok, title: 'x'.repeat(DIAGRAM_TITLE_MAX + 1) }).title).toBe(
      'tooLong',
    );
    expect(
      validateDiagram({ ...ok, description: 'x'.repeat(DIAGRAM_DESCRIPTION_MAX + 1) }).description,
    ).toBe('tooLong');
    expect(validateDiagram({ ...ok, code: 'x'.repeat(DIAGRAM_CODE_MAX + 1) }).code).toBe('tooLong');
  });

  it('sends only what changed, trimmed', () => {
    expect(changedFields(ok, { ...ok, title: ' Novo ' })).toEqual({ title: 'Novo' });
    expect(changedFields(ok, { ...ok })).toEqual({});
    expect(changedFields(ok, { ...ok, code: 'mindmap\n r' })).toEqual({ code: 'mindmap\n r' });
  });
});
