/** What other features use of the labels feature (issue 36): the chips, the picker and the filter of tasks by label. */
export { LabelChips } from './components/label-chips';
export { LabelsField } from './components/labels-field';
export { LabelFilter } from './components/label-filter';
export { labelKeys } from './api/labels';
