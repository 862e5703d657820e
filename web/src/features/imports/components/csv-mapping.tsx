import { importFields, type ImportField } from '@shared/schemas/import';
import { SelectField } from '@/components/ui/form-fields';
import type { CsvSample } from '../utils/csv-sample';
import type { DraftMapping } from '../utils/guess-mapping';

export const fieldLabels: Readonly<Record<ImportField, string>> = {
  title: 'Title (required)',
  description: 'Description',
  project: 'Project',
  status: 'Status',
  priority: 'Priority',
  dueDate: 'Due date',
  assignee: 'Assignee',
  labels: 'Labels',
  parent: 'Parent task',
  comments: 'Comments',
};

export const TITLE_COLUMN_REQUIRED = 'Choose the column that holds each task’s title';

/** The CSV's columns mapped to fields (a select per field, "Not imported" when left empty), and its first rows. */
export function CsvMappingStep({
  sample,
  mapping,
  onChange,
  titleError,
  disabled,
}: {
  sample: CsvSample;
  mapping: DraftMapping;
  onChange: (mapping: DraftMapping) => void;
  titleError: string | undefined;
  disabled: boolean;
}) {
  const choose = (field: ImportField, header: string) => {
    const { [field]: _previous, ...others } = mapping;
    onChange(header ? { ...others, [field]: header } : others);
  };
  return (
    <fieldset className="import-mapping">
      <legend>Which column holds what</legend>
      <p className="muted">We guessed from the column names; check each one. Columns left as Not imported are not read.</p>
      <div className="import-mapping-fields">
        {importFields.map((field) => (
          <SelectField
            key={field}
            label={fieldLabels[field]}
            value={mapping[field] ?? ''}
            onChange={(event) => choose(field, event.target.value)}
            error={field === 'title' ? titleError : undefined}
            disabled={disabled}
          >
            <option value="">Not imported</option>
            {sample.headers.map((header) => (
              <option key={header} value={header}>
                {header}
              </option>
            ))}
          </SelectField>
        ))}
      </div>
      <div className="import-sample">
        <table>
          <caption>The file’s first rows</caption>
          <thead>
            <tr>
              {sample.headers.map((header) => (
                <th key={header} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sample.rows.map((row, rowIndex) => (
              // The sample's rows and cells never move: their positions are their keys.
              <tr key={rowIndex}>
                {row.map((cell, cellIndex) => (
                  <td key={cellIndex}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </fieldset>
  );
}
