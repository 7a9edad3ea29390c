# Beginner who comments each step, with long variable names, and follows the statement's advice
# to go through log-softmax rather than taking log of the softmax.
import numpy as np


def softmax_cross_entropy(logits, labels):
    # How many examples are in the batch
    number_of_examples = logits.shape[0]

    # Subtract each row's largest logit so exp() cannot overflow
    largest_logit_per_row = np.max(logits, axis=1, keepdims=True)
    shifted_logits = logits - largest_logit_per_row

    # log of the softmax normaliser, computed on the shifted logits
    log_of_sum_of_exps = np.log(np.sum(np.exp(shifted_logits), axis=1, keepdims=True))

    # log-softmax: the log-probability of every class
    log_probabilities = shifted_logits - log_of_sum_of_exps

    # the log-probability of the correct class in each row
    row_numbers = np.arange(number_of_examples)
    log_probability_of_correct_class = log_probabilities[row_numbers, labels]

    # the loss is the average negative log-probability of the correct class
    loss = -np.mean(log_probability_of_correct_class)

    # the gradient is softmax minus one-hot, divided by the number of examples
    probabilities = np.exp(log_probabilities)
    one_hot_labels = np.zeros((number_of_examples, logits.shape[1]))
    one_hot_labels[row_numbers, labels] = 1.0
    gradient = (probabilities - one_hot_labels) / number_of_examples

    return loss, gradient
