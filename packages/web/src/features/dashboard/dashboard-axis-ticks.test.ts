import { describe, expect, it } from 'vitest'
import { axisTickFormatter, axisTicks, axisWidth, niceTicks, type AxisUnit } from './dashboard-axis-ticks'

const PER_DOLLAR = 500_000
const money: AxisUnit = { kind: 'quota', display: { quotaPerUnit: PER_DOLLAR, displayInCurrency: true } }
const tokens: AxisUnit = { kind: 'quota', display: { quotaPerUnit: PER_DOLLAR, displayInCurrency: false } }
const count: AxisUnit = { kind: 'count' }
const labels = (ticks: number[], unit: AxisUnit) => ticks.map(axisTickFormatter(ticks, unit))

describe('axisTickFormatter', () => {
  it('gives the ticks $0.00007, $0.0001, $0.00015, $0.0002 four distinct labels', () => {
    const ticks = [0.00007, 0.0001, 0.00015, 0.0002].map((dollars) => dollars * PER_DOLLAR)
    expect(labels(ticks, money)).toEqual(['$0.00007', '$0.0001', '$0.00015', '$0.0002'])
  })

  it('writes large values compactly, with as many digits as the step needs', () => {
    expect(labels([0, 1500, 3000, 4500], count)).toEqual(['0', '1.5K', '3K', '4.5K'])
    expect(labels([0, 1_200_000, 2_400_000, 3_600_000], count)).toEqual(['0', '1.2M', '2.4M', '3.6M'])
    expect(
      labels(
        [0, 2_500_000, 5_000_000, 7_500_000].map((dollars) => dollars * PER_DOLLAR),
        money
      )
    ).toEqual(['$0', '$2.5M', '$5M', '$7.5M'])
  })

  it('shows quota as tokens when the site does not show money', () => {
    expect(labels([0, 5000, 10_000, 15_000], tokens)).toEqual(['0', '5K', '10K', '15K'])
  })

  it('adds digits when the step alone would still merge two labels', () => {
    expect(labels([0, 1000, 1050, 1100], count)).toEqual(['0', '1K', '1.05K', '1.1K'])
  })
})

describe('axisTicks', () => {
  it('steps nicely in dollars, not in raw quota', () => {
    expect(axisTicks(105, money)).toEqual([0, 50, 100, 150])
    expect(labels(axisTicks(105, money), money)).toEqual(['$0', '$0.0001', '$0.0002', '$0.0003'])
  })

  it('steps counts by whole numbers and covers the maximum', () => {
    expect(axisTicks(3, count)).toEqual([0, 1, 2, 3])
    expect(niceTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3])
    expect(niceTicks(0)).toEqual([0, 1])
    expect(niceTicks(9)).toEqual([0, 2.5, 5, 7.5, 10])
  })
})

describe('axisWidth', () => {
  it('grows with the longest label so that nothing is clipped', () => {
    expect(axisWidth(['$0', '$0.00015'])).toBeGreaterThan(axisWidth(['0', '5K']))
    expect(axisWidth(['$0', '$0.00015'])).toBe(Math.ceil(8 * 6.5 + 12))
  })
})
