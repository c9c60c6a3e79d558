import type { ChannelCounts } from '@brightwave/common';
import { channelChoices } from './channel-choices';

const channel = (source: string | null, medium: string | null, counts: Partial<ChannelCounts> = {}): ChannelCounts => ({
  source,
  medium,
  leads: 1,
  contacts: 0,
  applications: 0,
  qualified: 0,
  hired: 0,
  ...counts,
});

const values = (choices: { value: string }[]) => choices.map((choice) => choice.value);

describe(channelChoices.name, () => {
  // Busiest first, as the dashboard answers.
  const channels = [
    channel('google', 'cpc', { leads: 9 }),
    channel('Newsletter', 'email', { leads: 4, contacts: 2 }),
    channel('Google', 'organic', { leads: 3 }),
    channel('linkedin', 'social', { leads: 0, applications: 5 }),
    channel(null, null, { leads: 7 }),
    { ...channel(null, null, { leads: 2 }), other: true as const },
  ];

  it("lists each of a kind's sources once, whatever its case (spelt as the busiest), in alphabetical order", () => {
    expect(values(channelChoices(channels, 'lead', 'source', ''))).toEqual(['google', 'Newsletter']);
    expect(values(channelChoices(channels, 'lead', 'medium', ''))).toEqual(['cpc', 'email', 'organic']);
  });

  it('leaves out the channels of other kinds, unrecorded attribution and the row of the others', () => {
    expect(values(channelChoices(channels, 'contact', 'source', ''))).toEqual(['Newsletter']);
    expect(values(channelChoices(channels, 'application', 'medium', ''))).toEqual(['social']);
  });

  it('keeps the value chosen now, spelt as chosen, though no recent item has it', () => {
    expect(values(channelChoices(channels, 'lead', 'source', ' bing '))).toEqual(['bing', 'google', 'Newsletter']);
    expect(values(channelChoices(channels, 'lead', 'source', 'GOOGLE'))).toEqual(['GOOGLE', 'Newsletter']);
  });
});
