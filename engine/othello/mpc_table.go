package othello

// mpcFitted[phase][d] is the multi-prob-cut model of depth d in phase (mpc.go), as printed by
//
//	TURNCOAT_MPC_FIT=12 go test ./engine/othello -run MPCFit -v -timeout 1h
//
// (300 positions of WTHOR 2019-2021 games with 20 to 54 empties, the shipped evaluation).
var mpcFitted = [mpcPhases][]mpcParams{
	{ // 20 to 32 empties (and fewer)
		{},
		{},
		{},
		{shallow: 1, a: 0.997, b: -0.33, sigma: 3.26}, // depth 3
		{shallow: 2, a: 0.983, b: 0.45, sigma: 3.39},  // depth 4
		{shallow: 3, a: 0.997, b: 0.22, sigma: 2.84},  // depth 5
		{shallow: 2, a: 0.986, b: 0.38, sigma: 4.17},  // depth 6
		{shallow: 3, a: 0.991, b: 0.05, sigma: 3.35},  // depth 7
		{shallow: 4, a: 0.987, b: -0.05, sigma: 2.62}, // depth 8
		{shallow: 5, a: 0.984, b: 0.02, sigma: 2.77},  // depth 9
		{shallow: 4, a: 0.992, b: -0.19, sigma: 3.33}, // depth 10
		{shallow: 5, a: 0.979, b: 0.10, sigma: 3.47},  // depth 11
		{shallow: 6, a: 0.975, b: 0.03, sigma: 3.41},  // depth 12
	},
	{ // 33 to 44 empties
		{},
		{},
		{},
		{shallow: 1, a: 0.987, b: -0.37, sigma: 2.76}, // depth 3
		{shallow: 2, a: 0.968, b: -0.07, sigma: 2.31}, // depth 4
		{shallow: 3, a: 0.980, b: 0.41, sigma: 2.19},  // depth 5
		{shallow: 2, a: 0.979, b: -0.01, sigma: 2.72}, // depth 6
		{shallow: 3, a: 0.989, b: 0.31, sigma: 2.38},  // depth 7
		{shallow: 4, a: 1.032, b: 0.07, sigma: 2.34},  // depth 8
		{shallow: 5, a: 1.006, b: 0.02, sigma: 2.25},  // depth 9
		{shallow: 4, a: 1.042, b: 0.32, sigma: 3.07},  // depth 10
		{shallow: 5, a: 1.000, b: -0.31, sigma: 2.68}, // depth 11
		{shallow: 6, a: 1.027, b: -0.04, sigma: 2.74}, // depth 12
	},
	{ // 45 empties and more
		{},
		{},
		{},
		{shallow: 1, a: 0.860, b: 0.12, sigma: 1.94},  // depth 3
		{shallow: 2, a: 0.938, b: -0.31, sigma: 1.62}, // depth 4
		{shallow: 3, a: 0.983, b: 0.15, sigma: 1.47},  // depth 5
		{shallow: 2, a: 0.960, b: -0.56, sigma: 1.85}, // depth 6
		{shallow: 3, a: 0.945, b: 0.33, sigma: 1.55},  // depth 7
		{shallow: 4, a: 0.995, b: -0.36, sigma: 1.29}, // depth 8
		{shallow: 5, a: 0.957, b: 0.34, sigma: 1.48},  // depth 9
		{shallow: 4, a: 1.008, b: -0.45, sigma: 1.61}, // depth 10
		{shallow: 5, a: 0.970, b: 0.47, sigma: 1.59},  // depth 11
		{shallow: 6, a: 0.946, b: -0.40, sigma: 1.42}, // depth 12
	},
}
