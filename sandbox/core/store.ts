// Watchdogs kept in memory for the life of the process, with a cap so a client cannot
// exhaust the sandbox. Views (the Watchdog body) are derived on every read, so
// `monitored_companies` always matches the subscribed companies.
import { errors } from './errors';
import type { Company, Watchdog } from './types';

export interface WatchdogRecord {
  uuid: string;
  name: string;
  prompt: string;
  /** Subscribed company UUIDs (lower case, no duplicates, in subscription order). */
  companies: string[];
  /** Subscribed tag UUIDs (lower case, no duplicates, in subscription order). */
  tags: string[];
  isActive: boolean;
  lastSignal: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

export interface NewWatchdog {
  name: string;
  prompt: string;
  companies: string[];
  tags: string[];
  isActive: boolean;
}

export class WatchdogStore {
  private readonly records = new Map<string, WatchdogRecord>();

  constructor(
    private readonly companies: ReadonlyMap<string, Company>,
    private readonly maxWatchdogs: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get size(): number {
    return this.records.size;
  }

  /** Adds a record as given (seed watchdogs keep their example timestamps). */
  insert(record: WatchdogRecord): void {
    this.records.set(record.uuid.toLowerCase(), record);
  }

  create(fields: NewWatchdog): WatchdogRecord {
    if (this.records.size >= this.maxWatchdogs) {
      throw errors.limitReached(`The sandbox stores at most ${this.maxWatchdogs} watchdogs; restart it to start afresh`);
    }
    const now = this.now().toISOString();
    const record: WatchdogRecord = { uuid: crypto.randomUUID(), ...fields, lastSignal: {}, createdAt: now, updatedAt: now };
    this.insert(record);
    return record;
  }

  /** The record for a path UUID; 404 when it is not a UUID or not stored. */
  get(uuid: string): WatchdogRecord {
    const record = this.records.get(uuid.toLowerCase());
    if (!record) throw errors.notFound(`No watchdog with uuid ${JSON.stringify(uuid.slice(0, 60))}`);
    return record;
  }

  /** Applies a change and stamps `updated_at`. */
  update(record: WatchdogRecord, change: Partial<NewWatchdog>): WatchdogRecord {
    Object.assign(record, change);
    const now = this.now();
    // Never earlier than the previous stamp, even if the clock steps back.
    if (now.getTime() > Date.parse(record.updatedAt)) record.updatedAt = now.toISOString();
    return record;
  }

  view(record: WatchdogRecord): Watchdog {
    const monitored = record.companies.flatMap((uuid) => {
      const company = this.companies.get(uuid);
      return company
        ? [{ uuid: company.uuid, name: company.name, registration_number: company.registration_number, country: company.country, status: company.status }]
        : [];
    });
    return {
      uuid: record.uuid,
      name: record.name,
      prompt: record.prompt,
      monitored_company_count: monitored.length,
      monitored_companies: monitored,
      last_signal: record.lastSignal,
      created_at: record.createdAt,
      updated_at: record.updatedAt,
      companies: [...record.companies],
      tags: [...record.tags],
      is_active: record.isActive,
    };
  }
}
