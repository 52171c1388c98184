package domain

import "errors"

// ErrLimit: a user already holds as many of something as they may (API tokens).
var ErrLimit = errors.New("limit reached")

// ErrAllowance marks a request beyond a yearly allowance (vacation days).
var ErrAllowance = errors.New("beyond the allowance")
