import type { PlanFrequency, PlanSeason, ZoneKind } from '@grove/shared';

/**
 * The demo company's global templates (issue 11): one per season, with the work a southeastern
 * and Texan commercial landscaper does in that quarter.
 */
export interface DemoTemplateItem {
  service: string;
  description: string;
  frequency: PlanFrequency;
  zoneKinds: ZoneKind[];
  notes?: string;
}

export interface DemoTemplate {
  key: PlanSeason;
  name: string;
  description: string;
  items: DemoTemplateItem[];
}

export const DEMO_TEMPLATES: readonly DemoTemplate[] = [
  {
    key: 'spring',
    name: 'Spring green-up (Mar–May)',
    description: 'Wake the property up: pre-emergent, first cuts, pruning, fresh mulch and the spring color change.',
    items: [
      { service: 'Mowing, edging and blowing', description: 'Mow turf at seasonal height, edge curbs and walks, blow hard surfaces clean.', frequency: { kind: 'weekly', weekday: 'tue' }, zoneKinds: ['turf'] },
      { service: 'Pre-emergent and spring fertilization', description: 'Granular pre-emergent with slow-release nitrogen on all turf.', frequency: { kind: 'once', week: 2, weekday: 'wed' }, zoneKinds: ['turf'], notes: 'Skip if rain over 1 inch is forecast within 24 hours.' },
      { service: 'Spring flower rotation', description: 'Remove pansies, install spring/summer annuals at the entrances.', frequency: { kind: 'once', week: 7, weekday: 'thu' }, zoneKinds: ['bed'] },
      { service: 'Shrub pruning', description: 'Hand-prune flowering shrubs after bloom; shear hedges to shape.', frequency: { kind: 'once', week: 9, weekday: 'mon' }, zoneKinds: ['bed'] },
      { service: 'Pine straw and mulch refresh', description: 'Fresh pine straw in common beds, hardwood mulch at the entrances.', frequency: { kind: 'dates', dates: ['03-24'] }, zoneKinds: ['bed'] },
      { service: 'Bed weeding', description: 'Hand-pull and spot-treat weeds in all beds.', frequency: { kind: 'everyNWeeks', interval: 2, weekday: 'thu' }, zoneKinds: ['bed'] },
      { service: 'Irrigation start-up and check', description: 'Turn the system on, run every zone, fix heads and adjust the schedule.', frequency: { kind: 'monthly', dayOfMonth: 5 }, zoneKinds: ['irrigation_zone'] },
    ],
  },
  {
    key: 'summer',
    name: 'Summer care (Jun–Aug)',
    description: 'Keep turf and color healthy through the heat: weekly cuts, water audits, summer feeding and scouting.',
    items: [
      { service: 'Mowing, edging and blowing', description: 'Mow at summer height, edge, blow clean.', frequency: { kind: 'weekly', weekday: 'mon' }, zoneKinds: ['turf'] },
      { service: 'Irrigation audit', description: 'Run each zone, check coverage and leaks, adjust run times to the heat.', frequency: { kind: 'everyNWeeks', interval: 2, weekday: 'wed' }, zoneKinds: ['irrigation_zone'] },
      { service: 'Summer fertilization', description: 'Slow-release nitrogen for warm-season turf.', frequency: { kind: 'dates', dates: ['06-15', '08-01'] }, zoneKinds: ['turf'] },
      { service: 'Bed maintenance and weeding', description: 'Weed, deadhead annuals, touch up mulch.', frequency: { kind: 'weekly', weekday: 'thu' }, zoneKinds: ['bed'] },
      { service: 'Insect and disease scouting', description: 'Walk the property for chinch bugs, fungus and fire ants; treat as needed.', frequency: { kind: 'monthly', dayOfMonth: 10 }, zoneKinds: [] },
      { service: 'Hedge shearing', description: 'Second shearing of hedges and ground cover edges.', frequency: { kind: 'once', week: 6, weekday: 'tue' }, zoneKinds: ['bed'] },
    ],
  },
  {
    key: 'fall',
    name: 'Fall renovation (Sep–Nov)',
    description: 'Aerate and overseed, switch to pansies, clear leaves and put the irrigation to bed.',
    items: [
      { service: 'Mowing, edging and blowing', description: 'Mow until dormancy, edge, blow clean.', frequency: { kind: 'weekly', weekday: 'tue' }, zoneKinds: ['turf'] },
      { service: 'Core aeration and overseeding', description: 'Core-aerate turf, overseed thin areas with tall fescue.', frequency: { kind: 'once', week: 2, weekday: 'wed' }, zoneKinds: ['turf'] },
      { service: 'Fall flower rotation', description: 'Pull summer annuals, install pansies and ornamental cabbage.', frequency: { kind: 'once', week: 5, weekday: 'thu' }, zoneKinds: ['bed'] },
      { service: 'Leaf removal', description: 'Blow and haul leaves from turf, beds and parking areas.', frequency: { kind: 'weekly', weekday: 'fri' }, zoneKinds: ['turf', 'bed'], notes: 'Heaviest from late October; extra crew if needed.' },
      { service: 'Winterizer fertilization', description: 'Potassium-rich winterizer on all turf.', frequency: { kind: 'dates', dates: ['11-01'] }, zoneKinds: ['turf'] },
      { service: 'Mulch refresh', description: 'Top up mulch in common beds before winter.', frequency: { kind: 'dates', dates: ['10-15'] }, zoneKinds: ['bed'] },
      { service: 'Irrigation winterization', description: 'Shut down, drain and blow out lines; protect backflow devices.', frequency: { kind: 'once', week: 12, weekday: 'mon' }, zoneKinds: ['irrigation_zone'] },
    ],
  },
  {
    key: 'winter',
    name: 'Winter readiness (Dec–Feb)',
    description: 'Keep the property tidy and safe through winter: debris, dormant pruning, freeze checks and snow readiness.',
    items: [
      { service: 'Leaf and debris cleanup', description: 'Blow and pick up leaves, limbs and litter.', frequency: { kind: 'everyNWeeks', interval: 2, weekday: 'mon' }, zoneKinds: ['turf', 'bed'] },
      { service: 'Snow and ice readiness', description: 'De-icer stocked on site, equipment checked, walkway plan confirmed with the manager.', frequency: { kind: 'dates', dates: ['12-01'] }, zoneKinds: [] },
      { service: 'Freeze checks', description: 'Check backflow covers and exposed pipes after hard freezes.', frequency: { kind: 'monthly', dayOfMonth: 15 }, zoneKinds: ['irrigation_zone'] },
      { service: 'Dormant pruning', description: 'Structural pruning of crepe myrtles and deciduous shrubs.', frequency: { kind: 'once', week: 8, weekday: 'wed' }, zoneKinds: ['bed'], notes: 'No “crepe murder”: thin, do not top.' },
      { service: 'Drainage and hardscape inspection', description: 'Walk drains, swales and walls after the winter rains; report repairs.', frequency: { kind: 'once', week: 4, weekday: 'thu' }, zoneKinds: [] },
      { service: 'Late-winter pre-emergent', description: 'First pre-emergent on warm-season turf.', frequency: { kind: 'dates', dates: ['02-15'] }, zoneKinds: ['turf'] },
    ],
  },
];
