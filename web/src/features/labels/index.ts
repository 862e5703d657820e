/** What other features use of the labels feature (issue 36): the chips, the picker, the filter of tasks by label and the list. */
export { LabelChips, LabelChipsByName } from './components/label-chips';
export { LabelsField } from './components/labels-field';
export { LabelFilter } from './components/label-filter';
export { labelKeys } from './api/labels';
export { useLabels } from './api/labels';
