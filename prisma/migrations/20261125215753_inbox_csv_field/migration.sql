-- A CSV field as csvField (packages/shared/src/csv.ts) writes it, for exports PostgreSQL formats itself: empty for
-- NULL, quoted (quotes doubled) when it holds a comma, a quote or a line break, or starts or ends with white space
-- (the characters JavaScript's \s matches).
CREATE FUNCTION csv_field(v text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN v IS NULL THEN ''
    WHEN v ~ '[",\r\n]|^[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]|[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]$'
      THEN '"' || replace(v, '"', '""') || '"'
    ELSE v
  END
$$;
