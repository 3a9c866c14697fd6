import Testing
import CourierTesting
