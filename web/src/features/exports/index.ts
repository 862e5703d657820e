export { ExportPanel, ProjectExportPanel } from './components/export-panel';
