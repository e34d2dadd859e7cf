import {
  AGENCY_SEARCH_DEBOUNCE_MS,
  extractErrorMessage,
  MESSAGES,
  AGENCY_ADMIN_MESSAGES,
} from '@casting/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { useDebouncedValue } from '../../lib/search/search-term';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import type { AgencyChoice, AgentChoice } from './link-form-state';
import { agencySearchQuery } from './links-api';
import type { Agency } from './links-api';

export interface AgencyPickerProps {
  projectId: string;
  agencies: readonly AgencyChoice[];
  agents: readonly AgentChoice[];
  onAddAgency(agency: AgencyChoice): void;
  onAddAgent(agent: AgentChoice): void;
  onRemoveAgency(id: string): void;
  onRemoveAgent(id: string): void;
  disabled?: boolean;
}

function toChoice(agency: Agency): AgencyChoice {
  return {
    id: agency.id,
    name: agency.name,
    agents: agency.agents.map((agent) => ({
      id: agent.id,
      name: agent.name,
      agencyId: agency.id,
      agencyName: agency.name,
    })),
  };
}

/**
 * Agencies and agents to pre-fill the link with: the search is sent once typing pauses for 300 ms and
 * answers 20 agencies a page, each with its agents. Choosing an agency or an agent follows the
 * replacement rules of link-form-state.ts.
 */
export function AgencyPicker(props: AgencyPickerProps) {
  const { projectId, agencies, agents, disabled } = props;
  const http = useHttpClient();
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), AGENCY_SEARCH_DEBOUNCE_MS);
  const searchId = useId();
  const results = useInfiniteQuery({ ...agencySearchQuery(http, projectId, term), enabled: !disabled });
  const found = results.data?.pages.flatMap((page) => page.items) ?? [];
  const chosenAgency = new Set(agencies.map((a) => a.id));
  const chosenAgent = new Set(agents.map((a) => a.id));

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={searchId} className="text-sm font-medium text-ink">
        Agencies and agents
      </label>
      {agencies.length + agents.length > 0 ? (
        <ul aria-label="Chosen representation" className="flex flex-wrap gap-2">
          {agencies.map((agency) => (
            <Chip
              key={agency.id}
              label={`${agency.name} (agency)`}
              onRemove={() => props.onRemoveAgency(agency.id)}
            />
          ))}
          {agents.map((agent) => (
            <Chip
              key={agent.id}
              label={agent.agencyName ? `${agent.name}, ${agent.agencyName}` : agent.name}
              onRemove={() => props.onRemoveAgent(agent.id)}
            />
          ))}
        </ul>
      ) : null}
      <Input
        id={searchId}
        type="search"
        value={text}
        disabled={disabled}
        placeholder="Search agencies or agents"
        onChange={(event) => setText(event.target.value)}
      />
      {disabled ? null : (
        <div className="max-h-48 overflow-y-auto rounded-md border border-line">
          {results.isError ? (
            <p role="alert" className="p-3 text-sm text-danger">
              {MESSAGES.errorLoadingData(extractErrorMessage(results.error))}
            </p>
          ) : results.isPending ? (
            <p className="p-3 text-sm text-ink-muted">Loading agencies…</p>
          ) : found.length === 0 ? (
            <p className="p-3 text-sm text-ink-muted">{MESSAGES.noDataAvailable}</p>
          ) : (
            <ul aria-label="Agencies found" className="divide-y divide-line">
              {found.map((agency) => {
                const choice = toChoice(agency);
                return (
                  <li key={agency.id} className="flex flex-col gap-1 p-2">
                    <button
                      type="button"
                      disabled={chosenAgency.has(agency.id)}
                      onClick={() => props.onAddAgency(choice)}
                      className="flex min-h-9 items-center justify-between rounded px-2 text-left text-sm font-medium text-ink hover:bg-brand-50 disabled:text-ink-muted"
                    >
                      <span>{agency.name}</span>
                      <span className="text-xs text-ink-muted">
                        {chosenAgency.has(agency.id) ? 'Added' : 'Add agency'}
                      </span>
                    </button>
                    {choice.agents.length > 0 ? (
                      <ul className="ml-4 flex flex-col">
                        {choice.agents.map((agent) => (
                          <li key={agent.id}>
                            <button
                              type="button"
                              disabled={chosenAgent.has(agent.id)}
                              onClick={() => props.onAddAgent(agent)}
                              className="flex min-h-9 w-full items-center justify-between rounded px-2 text-left text-sm text-ink hover:bg-brand-50 disabled:text-ink-muted"
                            >
                              <span>{agent.name}</span>
                              <span className="text-xs text-ink-muted">
                                {chosenAgent.has(agent.id) ? 'Added' : 'Add agent'}
                              </span>
                            </button>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
          {results.hasNextPage ? (
            <div className="p-2">
              <Button
                variant="ghost"
                className="w-full"
                disabled={results.isFetchingNextPage}
                onClick={() => void results.fetchNextPage()}
              >
                {results.isFetchingNextPage ? 'Loading…' : AGENCY_ADMIN_MESSAGES.loadMore}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}

function Chip({ label, onRemove }: { label: string; onRemove(): void }) {
  return (
    <li className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-800">
      {label}
      <button
        type="button"
        aria-label={`Remove ${label}`}
        onClick={onRemove}
        className="inline-flex size-6 items-center justify-center rounded-full hover:bg-brand-100"
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
