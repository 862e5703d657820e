/**
 * Upgrades a deployed table to the current key layout (see project-partitions.ts):
 *
 *   npm run migrate -- <table name>
 *
 * with AWS credentials and region in the usual places. Run it right after deploying the version that needs
 * it, before people use the app; it is safe to run again.
 */
async function main(tableName: string | undefined): Promise<void> {
  if (!tableName) {
    console.error('Usage: npm run migrate -- <table name>');
    process.exitCode = 2;
    return;
  }
  process.env.TABLE_NAME = tableName;
  // Loaded once the environment names the table (the data layer reads it at load).
  const { migrateToProjectPartitions, tableHasCurrentLayout } = await import('./project-partitions.js');
  if (await tableHasCurrentLayout()) {
    console.log(`${tableName} already has the current layout.`);
    return;
  }
  const { moved, projects } = await migrateToProjectPartitions();
  console.log(`${tableName}: moved ${moved} tasks, milestones and notes; counted ${projects} projects.`);
}

void main(process.argv[2]);
