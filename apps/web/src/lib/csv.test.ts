import { describe, expect, test } from 'vitest';
import { csvField, toCsv } from './csv';

describe('csv', () => {
  test('leaves plain fields alone and writes nothing for missing ones', () => {
    expect(csvField('Ann Lee')).toBe('Ann Lee');
    expect(csvField(42)).toBe('42');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  test('quotes commas, quotes, line breaks and edge spaces, doubling inner quotes', () => {
    expect(csvField('Austin, TX')).toBe('"Austin, TX"');
    expect(csvField('the "best" plumber')).toBe('"the ""best"" plumber"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
    expect(csvField(' padded ')).toBe('" padded "');
  });

  test('a document is a header and rows joined by CRLF, ending with one', () => {
    expect(toCsv(['Name', 'Comment'], [['Ann', 'Great, fast'], ['Bob', 'Said "ok"']])).toBe(
      'Name,Comment\r\nAnn,"Great, fast"\r\nBob,"Said ""ok"""\r\n',
    );
  });
});
