import { screen, within } from '@testing-library/react';

import { axeViolations } from '../../test-utils/axe';
import { renderWithProviders } from '../../test-utils/render-with-providers';
import { LevelMeter } from '../level-meter';

const GOLD = { id: 40, name: 'Gold' };
const PLATINUM = { id: 50, name: 'Platinum' };

const facts = () =>
	within( screen.getByRole( 'list' ) )
		.getAllByRole( 'listitem' )
		.map( ( item ) => item.textContent );

describe( 'the level meter', () => {
	it( "measures the month's points against holding and reaching, in numbers too", async () => {
		const { container } = await renderWithProviders(
			<LevelMeter
				points={ 340 }
				targets={ {
					hold: { level: GOLD, points: 1000 },
					reach: { level: PLATINUM, points: 3500 },
				} }
				daysLeft={ 6 }
			/>
		);

		const meter = screen.getByRole( 'meter', {
			name: 'Points this month',
		} );
		expect( meter ).toHaveAttribute( 'aria-valuemin', '0' );
		expect( meter ).toHaveAttribute( 'aria-valuemax', '3500' );
		expect( meter ).toHaveAttribute( 'aria-valuenow', '340' );
		expect( meter ).toHaveAttribute(
			'aria-valuetext',
			'340 of 3,500 points'
		);
		expect( meter ).toHaveAccessibleDescription(
			'Keep Gold: 1,000 points, 660 to go Reach Platinum: 3,500 points, 3,160 to go Days left this month: 6'
		);
		expect( facts() ).toEqual( [
			'Keep Gold: 1,000 points, 660 to go',
			'Reach Platinum: 3,500 points, 3,160 to go',
			'Days left this month: 6',
		] );
		expect( await axeViolations( container ) ).toEqual( [] );
	} );

	it( 'says the level is kept once the hold points are earned', async () => {
		await renderWithProviders(
			<LevelMeter
				points={ 1200 }
				targets={ {
					hold: { level: GOLD, points: 1000 },
					reach: { level: PLATINUM, points: 3500 },
				} }
				daysLeft={ 1 }
			/>
		);

		expect( facts() ).toEqual( [
			'Keep Gold: 1,000 points, done',
			'Reach Platinum: 3,500 points, 2,300 to go',
			'Days left this month: 1',
		] );
	} );

	it( 'ends the bar at the points when they are past every target', async () => {
		await renderWithProviders(
			<LevelMeter
				points={ 6200 }
				targets={ {
					hold: { level: { id: 60, name: 'Diamond' }, points: 2500 },
				} }
				daysLeft={ 3 }
			/>
		);

		const meter = screen.getByRole( 'meter' );
		expect( meter ).toHaveAttribute( 'aria-valuemax', '6200' );
		expect( meter ).toHaveAttribute( 'aria-valuenow', '6200' );
		expect( facts() ).toEqual( [
			'Keep Diamond: 2,500 points, done',
			'Days left this month: 3',
		] );
	} );

	it( "speaks the page's language", async () => {
		await renderWithProviders(
			<LevelMeter
				points={ 340 }
				targets={ {
					hold: { level: GOLD, points: 1000 },
					reach: { level: PLATINUM, points: 3500 },
				} }
				daysLeft={ 6 }
			/>,
			{ config: { locale: 'it' } }
		);

		expect(
			screen.getByRole( 'meter', { name: 'Punti di questo mese' } )
		).toHaveAttribute( 'aria-valuetext', '340 punti su 3500' );
		// Italian groups thousands from five digits on.
		expect( facts() ).toEqual( [
			'Mantieni Oro: 1000 punti, ne mancano 660',
			'Raggiungi Platino: 3500 punti, ne mancano 3160',
			'Giorni rimasti in questo mese: 6',
		] );
	} );
} );
