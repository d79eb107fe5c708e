import { pino } from 'pino';
import { TEST_DATASET_FILE, writeTestDataset } from '../services/test-mode/dataset.js';

// Run by the api's build after tsc: the fixed test dataset (docs/api-keys.md, "Test mode") made
// once into dist/, so a server's first test-key call opens a copy instead of building it (seconds
// of CPU on every start).
await writeTestDataset(pino({ level: process.env.LOG_LEVEL ?? 'warn' }), TEST_DATASET_FILE);
